"""A contact asked of whom another part's answer names: directory rows, the hop in the top-k cut, the rows quoted."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from rag.contacts import ASKS_CONTACT, Entry, directory, entries_named, named_in
from tests.rag.helpers import chunk, env

EN_DIRECTORY = ("# Contacts\n\n| Role | Name | Extension | Hours |\n|---|---|---|---|\n"
                "| Control Room (24 hours) | duty controller | 4999 | 24 hours, every day |\n"
                "| IT Service Desk | — | 4000 | Monday to Friday 07:00 to 19:00 |\n"
                "| Fleet Desk and Fleet Manager | Gareth Pryce | 4410 | 07:00 to 17:00 |\n"
                "| Training Coordinator | Sunil Varma | 4260 | 08:30 to 16:30 |")
ZH_DIRECTORY = ("# 通讯录\n\n| 部门 | 岗位 | 姓名 | 分机 |\n|---|---|---|---|\n| 营运部 | 店长 | 王强 | 8402 |\n"
                "| 质量管理部 | 远程审方中心（24 小时值班） | 值班药师 | 8310 |\n| 财务部 | 费用报销会计 | 孙倩 | 8206 |")


def test_a_directory_is_a_table_with_a_telephone_column_and_its_rows_labels() -> None:
    space = env([chunk("contacts#0", EN_DIRECTORY), chunk("zh#0", ZH_DIRECTORY),
                 chunk("shifts#0", "| Team | Hours |\n|---|---|\n| Call centre late shift | 13:00 to 21:00 |")]).space
    rows = {e.labels: e.chunk_id for e in directory(space)}
    # an aside in brackets is no part of a label; alternatives are labels each; a dash, a number and the hours are none
    assert ("Control Room", "duty controller") not in rows   # lower case: no name a statement capitalises
    assert rows[("Control Room",)] == "contacts#0" and rows[("IT Service Desk",)] == "contacts#0"
    assert rows[("Fleet Desk", "Fleet Manager", "Gareth Pryce")] == "contacts#0"
    # 店长 (two characters) stands in too many sentences to be a label; a department and a role of three or more are
    assert rows[("营运部",)] == "zh#0" and rows[("质量管理部", "远程审方中心", "值班药师")] == "zh#0"
    assert all(e.chunk_id != "shifts#0" for e in directory(space))   # no telephone column: no directory


@pytest.mark.parametrize(("asking", "asks"), [
    ("who do I ring to book it?", True), ("to whom, and on what extension?", True), ("打哪个分机？", True),
    ("找谁批？", True), ("what is the phone number of the depot?", True),
    ("How far ahead should I book the refresher?", False), ("Who approves it?", False), ("多久更换一次？", False),
])
def test_a_part_asks_how_to_reach_someone(asking: str, asks: bool) -> None:
    assert bool(ASKS_CONTACT.search(asking)) is asks


def test_the_first_statement_naming_a_label_gives_the_rows_of_its_directory_chunk() -> None:
    entries = [Entry("c#1", ("Control Room",), "r1"), Entry("c#1", ("IT Service Desk",), "r2"),
               Entry("c#2", ("Training Coordinator",), "r3")]
    said = ["Report a lost tablet to the IT Service Desk within 1 hour (out of hours, to the Control Room).",
            "Book through the Training Coordinator."]
    assert [e.row for e in entries_named(said, entries)] == ["r1", "r2"]
    assert [e.row for e in entries_named(said[1:], entries)] == ["r3"]
    assert entries_named(["Ring the control room."], entries) == []   # lower case is no name
    assert named_in("远程审方中心", "须提前 3 个工作日向远程审方中心申请") and not named_in("Desk", "Deskside")


def _cut(write, tmp_path: Path, docs: dict[str, str], parts: list[str], language: str, allowed=None, brought=None):
    from rag.part_sources import best_of_parts
    from rag.types import Candidate, QueryVariant
    from tests.rag.test_pipeline import CONFIG, ComponentSpec, Indexer

    for name, text in docs.items():
        write(name, text)
    config = CONFIG.model_copy(update={"retrievers": [ComponentSpec(name="bm25")]})
    idx, _ = Indexer(tmp_path / "w").ensure("kb", write.root, config, language)
    chunk_of = {c.doc_id: c for c in idx.chunks}
    ids = {d: c.chunk_id for d, c in chunk_of.items()}
    first = next(iter(docs)).removesuffix(".md")
    candidates = [Candidate(chunk_of[first], 1.0, {})]
    variants = [QueryVariant("whole", "original"), *(QueryVariant(p, "sub") for p in parts)]
    stages = {f"bm25#{i}": [ids[first]] for i in range(1, len(parts) + 1)}
    mask = None if allowed is None else __import__("numpy").array([c.doc_id in allowed for c in idx.chunks])
    retrieval = SimpleNamespace(candidates=candidates, variants=variants, stages=stages,
                                env=SimpleNamespace(space=idx, facts={}, allowed=mask))
    return best_of_parts(retrieval, brought), retrieval, ids


@pytest.mark.parametrize(("language", "docs", "parts", "label"), [
    ("en", {"training.md": "# Training\n\nBook your refresher through the Training Coordinator at least 3 months before "
                           "your certificate expires.", "contacts.md": EN_DIRECTORY},
     ["My Blue Card runs out in the spring. How far ahead should I book the refresher?",
      "My Blue Card runs out in the spring. who do I ring to book it?"], "Training Coordinator"),
    ("zh", {"rx.md": "# 处方\n\n执业药师请假期间门店没有其他执业药师在岗的，须至少提前 3 个工作日向远程审方中心申请远程审方覆盖。",
            "contacts.md": ZH_DIRECTORY},
     ["还要提前几天申请远程审方？", "还要提前几天申请远程审方？打哪个分机？"], "远程审方中心"),
    # a part that asks of a role it names: its row, though every part's lists found only the first document (the
    # scene the parts share draws them there)
    ("en", {"fleet.md": "# Pool cars\n\nReport any damage to a pool car on form PC2 the same day.",
            "contacts.md": EN_DIRECTORY},
     ["I dented a pool car this morning. Which form do I fill in?",
      "I dented a pool car this morning. what is the Fleet Manager's extension?"], "Fleet Manager"),
    ("zh", {"claims.md": "# 报销\n\n出差回来 30 天内提交报销单。", "contacts.md": ZH_DIRECTORY},
     ["出差回来多少天内要提交报销？", "费用报销会计的分机是多少？"], "费用报销会计"),
])
def test_a_contact_part_is_brought_the_directory_row_of_whom_another_part_names(
        write, tmp_path: Path, language: str, docs: dict[str, str], parts: list[str], label: str) -> None:
    brought: dict = {}
    best, retrieval, ids = _cut(write, tmp_path, docs, parts, language, brought=brought)
    assert ids["contacts"] in best and retrieval.env.facts["part_source"] == {parts[1]: ids["contacts"]}
    assert retrieval.env.facts["part_contacts"][parts[1]] == [label]
    # brought in for the cut, though no list had it — and never added to the ranking the run reports
    assert list(brought) == [ids["contacts"]] and all(c.chunk_id != ids["contacts"] for c in retrieval.candidates)
    # the directory the asker may not see is never brought in
    hidden, retrieval, ids = _cut(write, tmp_path / "acl", docs, parts, language, allowed={next(iter(docs))[:-3]})
    assert ids["contacts"] not in hidden and "part_source" not in retrieval.env.facts


@pytest.mark.parametrize(("language", "docs", "parts", "label"), [
    # the source says who handles it two statements in a row: the minibus, then "Book it through …"
    ("en", {"outings.md": "# Outings\n\nComplete a risk assessment 7 days before the trip. The home has one minibus. "
                          "Book it through the Training Coordinator.", "contacts.md": EN_DIRECTORY},
     ["For a minibus outing, how many days ahead is the risk assessment due?",
      "which extension do I ring to book the minibus?"], "Training Coordinator"),
    ("zh", {"repair.md": "# 报修\n\n发现设备异常的，应立即停机，并通知质量管理部报修。", "contacts.md": ZH_DIRECTORY},
     ["发现设备异常该怎么处理？", "报修打哪个分机？"], "质量管理部"),
])
def test_a_contact_part_about_a_task_of_its_own_is_brought_the_row_of_whom_the_sources_name_for_it(
        write, tmp_path: Path, language: str, docs: dict[str, str], parts: list[str], label: str) -> None:
    best, retrieval, ids = _cut(write, tmp_path, docs, parts, language)
    assert ids["contacts"] in best and retrieval.env.facts["part_source"] == {parts[1]: ids["contacts"]}
    assert retrieval.env.facts["part_contacts"][parts[1]] == [label]


@pytest.mark.parametrize("parts", [
    # the part asks about something of its own, which no source says
    ["What must I do before I leave my till?", "which extension do I call for security?"],
    # … nor says with whom (a source that says to book training says nothing of a parking space)
    ["How far ahead should I book the refresher?", "which extension do I ring to book a parking space?"],
    # no contact asked
    ["How far ahead should I book the refresher?", "How long is the course?"],
])
def test_no_hop_where_the_part_asks_of_its_own_or_asks_no_contact(write, tmp_path: Path, parts: list[str]) -> None:
    docs = {"training.md": "# Training\n\nBook your refresher through the Training Coordinator. Leave your till "
                           "signed off.", "contacts.md": EN_DIRECTORY}
    best, retrieval, ids = _cut(write, tmp_path, docs, parts, "en")
    assert ids["contacts"] not in best and "part_contacts" not in retrieval.env.facts


def test_the_contact_part_quotes_every_row_named_whatever_its_score() -> None:
    from rag.generators import generators
    from rag.types import Decision
    from tests.rag.helpers import item

    ctx = [item(1, "IT\nReport a lost or stolen tablet to the IT Service Desk within 1 hour (out of hours, to the "
                   "Control Room).", "it"), item(2, EN_DIRECTORY, "contacts")]
    parts = ["I lost my tablet on a Saturday night. How quickly must I report it?",
             "I lost my tablet on a Saturday night. to whom, and on what extension?"]
    space = env([])
    space.facts["sub_queries"] = parts
    space.facts["part_source"] = {parts[1]: "contacts#2"}
    space.facts["part_contacts"] = {parts[1]: ["IT Service Desk", "Control Room"]}
    text = generators.build({"name": "extractive", "params": {"semantic_weight": 0}})(
        " ".join(parts), ctx, Decision("answer", "test"), space).text
    assert "4999" in text and "4000" in text and "1 hour" in text and "Sunil Varma" not in text


@pytest.mark.parametrize(("line", "number", "under_contacts"), [
    ("- Fernvale Control (24 hours): extension 2400, or 01632 960 400 from a mobile phone", "2400", False),
    ("- Whistleblowing line: 0808 157 0555", "0808 157 0555", False),   # the label calls it a line
    ("• IT Service Desk — ext. 4000", "4000", False), ("- Data Protection Officer: dpo@x.example, extension 4380", "4380", False),
    ("1. 设备科报修：分机 8131", "8131", False), ("- 值班电话：0571-8888 1234", "0571-8888 1234", False),
    ("1、设备科：内线8131", "8131", False), ("- 报警电话：110", "110", False),
    # a telephone number no word calls one: only under a heading of contacts
    ("- Employee assistance programme (free, confidential counselling, 24 hours): 0808 157 0420", "0808 157 0420", True),
    ("* On-call manager (evenings and weekends): 07700 900 412", "07700 900 412", True),
    ("* On-call manager (evenings and weekends): 07700 900 412", None, False),
    # no number to dial: a time, a count, a share, a date, an amount, a span of years or hours, a fax, a code, an
    # account, three digits no word calls a number
    ("- Early: 04:30 to 13:00", None, True), ("- Employee: 10 standby tickets. Each one-way flight uses one.", None, True),
    ("- Night premium: 20% of the basic hourly rate", None, True), ("- Effective: 2025-04-01", None, True),
    ("- Effective: 01-04-2025", None, True), ("- Period: 2024-2025", None, True), ("- Opening hours: 0900 - 1700", None, True),
    ("- Budget: 1 200 000 USD", None, True), ("- Staff count: 1 250 000", None, False), ("- Room: 330", None, True),
    ("- Fax: 020 7946 0001", None, True), ("- Door entry code: 1234567", None, True), ("- 门禁密码：1234567", None, True),
    ("- Account number: 12345678", None, True), ("- 开户账号：6222 0212 3456 7890 123", None, True),
    ("- Do not call: 020 7946 0999", None, True), ("- 年假：5 天", None, True), ("Fernvale Control: 2400", None, True),
])
def test_a_list_item_that_gives_a_number_to_dial(line: str, number: str | None, under_contacts: bool) -> None:
    from rag.contacts import item_number

    assert item_number(line, under_contacts) == number


def test_a_list_entry_is_read_in_linear_time() -> None:
    # (a run of whitespace after "extension", a value of 20,000 characters: a long line is no entry, and whitespace is
    # collapsed before any pattern reads it; the patterns used to backtrack cubically)
    from rag.contacts import item_number

    assert item_number("- IT Service Desk: extension" + " " * 5000 + "12x") is None
    assert item_number("- Label: a" + " " * 20000 + "b") is None
    assert item_number("- IT Service Desk: extension" + " " * 30 + "4000") == "4000"


def test_numbers_under_a_heading_of_numbers_out_of_use_are_no_entries() -> None:
    listed = ("# Contacts\n\n## Numbers no longer in use\n\n- IT Service Desk: 01632 960 111\n\n"
              "## Current\n\n- IT Service Desk: extension 4000\n")
    assert [e.row for e in directory(env([chunk("contacts#0", listed)]).space)] == ["- IT Service Desk: extension 4000"]


@pytest.mark.parametrize(("asking", "label", "asked"), [
    ("what is the Café Bar Manager's extension?", "Café Bar Manager", True),
    ("what's the extension for the Training Coordinator?", "Training Coordinator", True),
    ("can I ring the Control Room directly?", "Control Room", True),
    ("What's Fernvale Control's extension?", "Fernvale Control", True), ("Fernvale Control's number?", "Fernvale Control", True),
    # named beside the ask, not asked of; another post whose name holds it
    ("who do I ring when the IT Service Desk is closed?", "IT Service Desk", False),
    ("what is the Assistant Fleet Manager's extension?", "Fleet Manager", False),
    ("what extension do I ring for the Food Safety Lead?", "Food Safety Lead", True),
    ("客服主管的分机是多少？", "客服主管", True), ("报销的事找财务科打哪个分机？", "财务科", True),
    ("客服主管下班以后该打哪个分机？", "客服主管", False),
])
def test_a_contact_is_asked_of_a_role_only_where_the_ask_is_tied_to_it(asking: str, label: str, asked: bool) -> None:
    from rag.contacts import contact_asked_of

    assert contact_asked_of(label, asking) is asked


@pytest.mark.parametrize(("statement", "label", "handed"), [
    ("Book it through the Activities Coordinator.", "Activities Coordinator", True),
    ("Report it to the Control Room.", "Control Room", True), ("发现异常的，通知设备科报修。", "设备科", True),
    ("Out of hours, the IT Service Desk is closed.", "IT Service Desk", False),
    ("Parking fines are not refunded by the Training Coordinator.", "Training Coordinator", False),
    ("无需联系设备科。", "设备科", False),
])
def test_whom_a_statement_hands_a_task_to(statement: str, label: str, handed: bool) -> None:
    from rag.contacts import handed_to

    assert handed_to(label, statement) is handed


def test_a_list_of_numbers_is_a_directory_its_labels_named_and_its_item_quoted(write, tmp_path: Path) -> None:
    from rag.generators import generators
    from rag.types import Decision
    from tests.rag.helpers import item

    listed = ("# Contacts\n\n- Fernvale Control (24 hours): extension 2400, or 01632 960 400 from a mobile phone\n"
              "- Whistleblowing line: 0808 157 0555\n")
    space = env([chunk("contacts#0", listed)]).space
    assert [(e.labels, e.chunk_id) for e in directory(space)] == [(("Fernvale Control",), "contacts#0"),
                                                                  (("Whistleblowing line",), "contacts#0")]
    assert ASKS_CONTACT.search("what's the on-call manager's mobile number?")
    # a contact part whose source says whom to report to ("Report to Fernvale Control …"), two parts of one scene
    docs = {"accidents.md": "# Accidents\n\n1. Check whether anyone is hurt.\n2. Report to Fernvale Control by radio or "
                            "phone.\n3. Complete Accident Report Form AR1 before you sign off.", "contacts.md": listed}
    parts = ["I had a bump in the bus. Which form do I fill in?", "I had a bump in the bus. what number do I call to report it?"]
    best, retrieval, ids = _cut(write, tmp_path, docs, parts, "en")
    assert retrieval.env.facts["part_source"] == {parts[1]: ids["contacts"]}
    assert retrieval.env.facts["part_contacts"][parts[1]] == ["Fernvale Control"]
    ctx = [item(1, docs["accidents.md"], "accidents"), item(2, listed, "contacts")]
    question = "I had a bump in the bus. Which form do I fill in, and what number do I call to report it?"
    facts = env([chunk("contacts#2", listed)])   # (a list item is quoted as an entry only where the corpus lists it)
    facts.facts.update(sub_queries=parts, part_source={parts[1]: "contacts#2"},
                       part_contacts={parts[1]: ["Fernvale Control"]})
    text = generators.build({"name": "extractive", "params": {"semantic_weight": 0}})(
        question, ctx, Decision("answer", "test"), facts).text
    assert "01632 960 400" in text and "AR1" in text and "0808 157 0555" not in text


# a review's attacks on the contact hops (session 71), each a wrong person or number the first version gave
@pytest.mark.parametrize(("language", "docs", "parts", "contacts"), [
    # a role named beside the ask, not asked of: whom the source hands it to instead
    ("en", {"it.md": "# Tablets\n\nReport a lost tablet within 1 hour. Out of hours, the IT Service Desk is closed: report "
                     "it to the Control Room.", "contacts.md": EN_DIRECTORY},
     ["I lost my tablet on Saturday night. How quickly must I report it?",
      "I lost my tablet on Saturday night. who do I ring when the IT Service Desk is closed?"], ["Control Room"]),
    # two roles named: the one asked of
    ("en", {"fleet.md": "# Pool cars\n\nReport any damage to a pool car on form PC2 the same day.",
            "fleetdir.md": "# Fleet contacts\n\n| Role | Name | Extension |\n|---|---|---|\n| Fleet Manager | Gareth Pryce | 4410 |",
            "contacts.md": "# Contacts\n\n| Role | Name | Extension |\n|---|---|---|\n| Training Coordinator | Sunil Varma | 4260 |"},
     ["I dented a pool car. Which form do I fill in?",
      "I dented a pool car. as the Fleet Manager is away, what is the Training Coordinator's extension?"],
     ["Training Coordinator"]),
    # a post no directory lists, whose name holds a listed one
    ("en", {"fleet.md": "# Pool cars\n\nReport any damage to a pool car on form PC2 the same day.", "contacts.md": EN_DIRECTORY},
     ["I dented a pool car this morning. Which form do I fill in?",
      "I dented a pool car this morning. what is the Assistant Fleet Manager's extension?"], None),
    # the statement beside the one holding the task names someone for something else
    ("en", {"outings.md": "# Outings\n\nComplete a risk assessment 7 days before the trip. Book the minibus with the "
                          "activities team. Report any damage to the Fleet Manager.", "contacts.md": EN_DIRECTORY},
     ["For a minibus outing, how many days ahead is the risk assessment due?",
      "which extension do I ring to book the minibus?"], None),
    ("zh", {"repair.md": "# 设备\n\n发现设备异常的，应立即停机并填写报修单。差旅费由费用报销会计审核。", "contacts.md": ZH_DIRECTORY},
     ["发现设备异常该怎么处理？", "报修打哪个分机？"], None),
    # a statement that says who does not handle it
    ("en", {"site.md": "# Site\n\nVisitors sign in at reception. Parking fines are not refunded by the Training "
                       "Coordinator.", "contacts.md": EN_DIRECTORY},
     ["Where do visitors sign in?", "which extension do I ring about parking?"], None),
    # someone named whom no directory lists: no one else's entry (the source's sentence gives their number)
    ("en", {"deliveries.md": "# Deliveries\n\nReject a chilled delivery above 8°C. Phone the Food Safety Lead on ext 2214. "
                             "Tell the Duty Manager about any rejected delivery.", "contacts.md": EN_DIRECTORY},
     ["A chilled delivery probes at 9°C. What happens to the delivery?",
      "A chilled delivery probes at 9°C. what extension do I ring for the Food Safety Lead?"], None),
    # the asker's own mobile number is no contact asked
    ("en", {"leave.md": "# Leave\n\nYou get 25 days of annual leave. To update your mobile number, use Self Service; "
                        "the IT Service Desk cannot change it.", "contacts.md": EN_DIRECTORY},
     ["How many days of annual leave do I get?", "how do I update my mobile number?"], None),
    # a reference number in a list is no directory, so the hop through the other part's source is still made
    ("en", {"training.md": "# Training\n\n- Policy number: 2024-00117\n\nBook your refresher through the Training "
                           "Coordinator at least 3 months before your certificate expires.", "contacts.md": EN_DIRECTORY},
     ["My Blue Card runs out in the spring. How far ahead should I book the refresher?",
      "My Blue Card runs out in the spring. who do I ring to book it?"], ["Training Coordinator"]),
    # a date in a list is no entry, whose label ("Effective") a sentence would name first
    ("en", {"outings.md": "# Outings\n\nComplete a risk assessment 7 days before the trip. Effective from April, book the "
                          "minibus through the Training Coordinator.", "rules.md": "# Rules\n\n- Effective: 01-04-2025\n",
            "contacts.md": EN_DIRECTORY},
     ["For a minibus outing, how many days ahead is the risk assessment due?",
      "which extension do I ring to book the minibus?"], ["Training Coordinator"]),
])
def test_a_contact_part_is_never_given_someone_else(write, tmp_path: Path, language: str, docs: dict[str, str],
                                                    parts: list[str], contacts: list[str] | None) -> None:
    best, retrieval, ids = _cut(write, tmp_path, docs, parts, language)
    assert retrieval.env.facts.get("part_contacts", {}).get(parts[1]) == contacts


def test_the_generator_quotes_only_list_entries_the_corpus_lists() -> None:
    from rag.generators import generators
    from rag.types import Decision
    from tests.rag.helpers import item

    listed = ("# Contacts\n\n- Fernvale Control opening hours: 0700 - 1900\n- Fernvale Control reception fax: "
              "01632 960 999\n- Fernvale Control (24 hours): extension 2400\n")
    accidents = "# Accidents\n\n1. Report to Fernvale Control by radio or phone.\n2. Complete form AR1."
    parts = ["I had a bump in the bus. Which form do I fill in?", "I had a bump in the bus. what number do I call to report it?"]
    space = env([chunk("contacts#2", listed)])
    space.facts.update(sub_queries=parts, part_source={parts[1]: "contacts#2"}, part_contacts={parts[1]: ["Fernvale Control"]})
    text = generators.build({"name": "extractive", "params": {"semantic_weight": 0}})(
        " ".join(parts), [item(1, accidents, "accidents"), item(2, listed, "contacts")], Decision("answer", "test"), space).text
    assert "2400" in text and "0700 - 1900" not in text and "960 999" not in text
