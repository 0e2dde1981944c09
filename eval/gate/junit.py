"""JUnit XML for CI systems: a test case per rule (and suite), and one per flipped case.

The XML agrees with the verdict: a pass→fail flip is a JUnit failure only when the gate failed;
when the rules allowed it (a gate that passed, or was inconclusive), it is reported, not failed."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from eval.gate.verdicts import GateResult


def write_junit(result: GateResult, path: Path, name: str) -> Path:
    root = ET.Element("testsuites", name=f"ragbench gate {name}")
    rules = ET.SubElement(root, "testsuite", name="rules", tests=str(len(result.verdicts)),
                          failures=str(sum(v.outcome == "fail" for v in result.verdicts)),
                          skipped=str(sum(v.outcome == "inconclusive" for v in result.verdicts)), errors="0")
    for v in result.verdicts:
        case = ET.SubElement(rules, "testcase", classname=v.suite, name=f"{v.rule.label} ({v.rule.describe()})")
        if v.outcome == "fail":
            ET.SubElement(case, "failure", message=v.message, type="regression").text = v.message
        elif v.outcome == "inconclusive":
            ET.SubElement(case, "skipped", message=f"inconclusive: {v.message}")
        else:
            ET.SubElement(case, "system-out").text = v.message
    worse = [f for f in result.flips if f.direction == "pass→fail"]
    failing = result.outcome == "fail"
    flips = ET.SubElement(root, "testsuite", name="flips", tests=str(len(result.flips)),
                          failures=str(len(worse) if failing else 0), skipped="0", errors="0")
    for f in result.flips:
        case = ET.SubElement(flips, "testcase", classname=f.suite, name=f"{f.case_id} {f.direction}")
        detail = f"baseline: {f.baseline['behaviour']}: {f.baseline['answer']}\ncandidate: {f.candidate['behaviour']}: {f.candidate['answer']}"
        if f.direction == "pass→fail" and failing:
            ET.SubElement(case, "failure", message=f"{f.case_id} passed in the baseline and fails now",
                          type="flip").text = detail
        elif f.direction == "pass→fail":
            ET.SubElement(case, "system-out").text = f"allowed by the gate's rules (gate: {result.outcome})\n{detail}"
        else:
            ET.SubElement(case, "system-out").text = detail
    if result.infrastructure:
        infra = ET.SubElement(root, "testsuite", name="infrastructure", tests="1", failures="0", errors="1", skipped="0")
        case = ET.SubElement(infra, "testcase", classname="run", name="candidate run complete")
        ET.SubElement(case, "error", message="the candidate run is incomplete").text = "\n".join(result.infrastructure)
    path.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
    return path
