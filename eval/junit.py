"""JUnit XML for CI systems: a test case per rule (and suite), and one per flipped case."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from eval.gate import GateResult


def write_junit(result: GateResult, path: Path, name: str) -> Path:
    root = ET.Element("testsuites", name=f"ragbench gate {name}")
    rules = ET.SubElement(root, "testsuite", name="rules", tests=str(len(result.verdicts)),
                          failures=str(sum(v.outcome == "fail" for v in result.verdicts)),
                          skipped=str(sum(v.outcome == "inconclusive" for v in result.verdicts)), errors="0")
    for v in result.verdicts:
        case = ET.SubElement(rules, "testcase", classname=v.suite, name=f"{v.rule.metric} ({v.rule.describe()})")
        if v.outcome == "fail":
            ET.SubElement(case, "failure", message=v.message, type="regression").text = v.message
        elif v.outcome == "inconclusive":
            ET.SubElement(case, "skipped", message=f"inconclusive: {v.message}")
        else:
            ET.SubElement(case, "system-out").text = v.message
    worse = [f for f in result.flips if f.direction == "pass→fail"]
    flips = ET.SubElement(root, "testsuite", name="flips", tests=str(len(result.flips)),
                          failures=str(len(worse)), skipped="0", errors="0")
    for f in result.flips:
        case = ET.SubElement(flips, "testcase", classname=f.suite, name=f"{f.case_id} {f.direction}")
        detail = f"baseline: {f.baseline['behaviour']}: {f.baseline['answer']}\ncandidate: {f.candidate['behaviour']}: {f.candidate['answer']}"
        if f.direction == "pass→fail":
            ET.SubElement(case, "failure", message=f"{f.case_id} passed in the baseline and fails now",
                          type="flip").text = detail
        else:
            ET.SubElement(case, "system-out").text = detail
    if result.infrastructure:
        infra = ET.SubElement(root, "testsuite", name="infrastructure", tests="1", failures="0", errors="1", skipped="0")
        case = ET.SubElement(infra, "testcase", classname="run", name="candidate run complete")
        ET.SubElement(case, "error", message="the candidate run is incomplete").text = "\n".join(result.infrastructure)
    path.parent.mkdir(parents=True, exist_ok=True)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)
    return path
