"""A row the table does not list (rag.answerability.siblings, evidence ``refuse_siblings``): "夜宵班几点下班？" against a
shift table of 早班, 中班 and 晚班 is refused; a row the table lists, a verb ending in the kind's character (上班), a
question about the table's own rows and English questions are not."""

from __future__ import annotations

import pytest

from rag.answerability import answerability
from rag.answerability.siblings import row_labels, unlisted_sibling
from rag.transforms.slots import swap
from tests.rag.helpers import chunk, env, item

SHIFTS = ("排班\n| 班次 | 上班时间 | 下班时间 |\n|---|---|---|\n| 早班 | 06:00 | 14:30 |\n| 中班 | 10:00 | 19:00 |\n"
          "| 晚班 | 14:00 | 22:30 |")
CERTS = "证书奖励\n| 证书 | 一次性奖励 |\n|---|---|\n| 中式烹调师（中级） | 500元 |\n| 面点师（中级） | 400元 |"
STORES = "备用金\n| 门店类型 | 每台收银机备用金 |\n|---|---|\n| 社区店 | 500 元 |\n| 商圈店、旗舰店 | 800 元 |"
BADGES = "胸牌\n| 岗位 | 胸牌颜色 |\n|---|---|\n| 营业员 | 蓝色 |\n| 执业药师 | 绿色 |\n| 店长 | 红色 |"


def test_row_labels_are_the_first_column_and_its_parts() -> None:
    assert row_labels(SHIFTS) == ["早班", "中班", "晚班"]
    assert row_labels(CERTS) == ["中式烹调师", "中级", "面点师"]
    assert row_labels(STORES) == ["社区店", "商圈店", "旗舰店"]
    assert row_labels("没有表格的一段话。") == []


@pytest.mark.parametrize(("question", "text", "sibling"), [
    ("夜宵班几点下班？", SHIFTS, ("夜宵班", "早班")),           # jieba cuts 夜宵 / 班
    ("考下中式烹调师高级证，公司奖励多少钱？", CERTS, ("高级", "中级")),
    ("医院旁边的院边店，每台收银机配多少备用金？", STORES, ("院边店", "社区店")),
    ("仓储配送员的胸牌是什么颜色的？", BADGES, ("配送员", "营业员")),
    # rows the table lists, a word it writes, a verb that ends in 班 (上班, 加班), a pointer (那中班)
    ("中班几点下班？", SHIFTS, None),
    ("那中班呢？", SHIFTS, None),
    ("晚班几点上班？", SHIFTS, None),
    ("加班有没有补贴？", SHIFTS, None),
    ("面点师考中级证奖励多少？", CERTS, None),
    ("旗舰店每台收银机配多少备用金？", STORES, None),
    ("执业药师的胸牌是什么颜色？", BADGES, None),
    ("店长的胸牌是什么颜色？", BADGES, None),
    # no table: nothing to be a sibling of
    ("夜宵班几点下班？", "夜宵由面点间准备，晚上九点供应。", None),
])
def test_a_question_word_of_a_rows_kind_the_table_never_writes_is_a_sibling(question: str, text: str, sibling) -> None:
    assert unlisted_sibling(question, text) == sibling


@pytest.mark.parametrize(("question", "refused"), [("夜宵班几点下班？", True), ("中班几点下班？", False)])
def test_evidence_refuses_a_row_the_table_does_not_list(question: str, refused: bool) -> None:
    space = env([chunk("shifts#1", SHIFTS), chunk("other#0", "员工餐每人每餐 15 元。")], language="zh")
    decide = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0,
                                                                   "answer_at": 0.0, "answer_type": True}})
    decided = decide(question, [item(1, SHIFTS, "shifts")], space)
    assert (decided.signals.get("sibling_row") == 1.0) is refused
    assert (decided.action == "refuse") is refused
    off = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0, "answer_at": 0.0,
                                                                "answer_type": True, "refuse_siblings": False}})
    assert "sibling_row" not in off(question, [item(1, SHIFTS, "shifts")], space).signals


TRAINING = ("Refresher training\n| Training | Who | How often |\n|---|---|---|\n| DSL training | DSLs and deputies | Every 2 "
            "years |\n| Manual handling training | Site staff | Every 3 years |\n| First aid (full course) | First aiders | "
            "Every 3 years |")
ROOMS = "Room hire\n| Room | Hourly rate |\n|---|---|\n| Tennyson Room | £18 |\n| Garden Room | £12 |"


@pytest.mark.parametrize("question", [
    "How often do food tech staff have to redo their food hygiene training?",
    "Do I have to attend training?",          # a verb before the head: the review's attack
    "How long is a typical shift?",
])
def test_english_rows_are_not_read(question: str) -> None:
    """English is not read (a word before a row's head is as often a verb or an adjective as a row's name)."""
    assert unlisted_sibling(question, TRAINING) is None
    space = env([chunk("training#1", TRAINING), chunk("other#0", "Meals cost 5 GBP.")])
    decide = answerability.build({"name": "evidence", "params": {"semantic": False, "coverage_weight": 1.0,
                                                                   "answer_at": 0.0, "answer_type": True}})
    assert "sibling_row" not in decide(question, [item(1, TRAINING, "training")], space).signals


@pytest.mark.parametrize(("question", "text"), [
    ("我是新来的收银员，店长的胸牌是什么颜色？", BADGES),   # a listed row named: the other words set the scene
    ("一个班要上几个小时？", SHIFTS),                       # a count of the kind, not a row
    ("这个班几点下班？", SHIFTS),                           # a pointer
    ("去杭州出差住宿标准多少？", "住宿\n| 城市 | 标准 |\n|---|---|\n| 广州 | 500 元 |\n| 深圳 | 550 元 |"),   # 州 names no kind
    ("保洁员的胸牌是什么颜色？", BADGES + "\n| 其他岗位 | 白色 |"),   # a row gathers others
])
def test_what_the_review_found_is_not_a_sibling(question: str, text: str) -> None:
    assert unlisted_sibling(question, text) is None


def test_a_swapped_slot_does_not_write_its_kind_twice() -> None:
    """"那客房部呢？" after "前厅部配发几套工服？" whose slot is 前厅: 客房部配发…, never 客房部部配发…"""
    def similar(text: str, others):
        return [0.9 if o == "前厅" else 0.1 for o in others]
    assert swap("那客房部呢？", "客房部", "前厅部配发几套工服？", "zh", similar, 0.3) == "客房部配发几套工服？"
    # a slot whose kind is not written after it is swapped as before
    assert swap("那经理呢？", "经理", "员工出差每晚能报多少？", "zh", lambda t, o: [0.9 if x == "员工" else 0.1 for x in o],
                0.3) == "经理出差每晚能报多少？"


DIRECTORY = ("通讯录\n| 岗位 | 姓名 | 分机 |\n|---|---|---|\n| 马鞍山片区区域经理 | 许诺 | 8412 |\n| 合肥片区区域经理 | 王五 | 8411 |")
DEPOSITS = "押金\n| 项目 | 标准 |\n|---|---|\n| 住宅装修押金 | 3000 元 |\n| 装修垃圾清运费 | 5 元 |"
ALLOWANCES = ("补贴\n| 补贴项目 | 标准 |\n|---|---|\n| 夜班补贴 | 45 元 |\n| 法定节假日值班 | 100 元 |\n"
              "| 市级及以上集中培训 | 8 学时 |")


@pytest.mark.parametrize(("question", "text", "sibling"), [
    # a long row label's ending after a noun the source never writes: the same post or item elsewhere
    ("铜陵片区区域经理的分机号是多少？", DIRECTORY, ("铜陵片区区域经理", "马鞍山片区区域经理")),
    ("商铺装修押金是多少？", DEPOSITS, ("商铺装修押金", "住宅装修押金")),
    ("合肥片区区域经理的分机号是多少？", DIRECTORY, None),
    ("片区区域经理的分机号是多少？", DIRECTORY, None),
    ("装修押金是多少？", DEPOSITS, None),
    ("我家装修押金是多少？", DEPOSITS, None),                         # the asker's own: 住宅
    ("2023 版值班补贴规定里，法定节假日值班每天补贴多少？", ALLOWANCES, None),   # never inside a word (版值)
    ("在里面值班每月有多少补贴？", ALLOWANCES, None),                   # a locative, not a kind
    ("下个月去北京参加 3 天的国家级集中培训，学时怎么算？", ALLOWANCES, None),  # "及以上" gathers more than it names
])
def test_a_long_row_label_of_another_place_or_kind(question: str, text: str, sibling) -> None:
    assert unlisted_sibling(question, text) == sibling


def test_a_column_whose_header_names_a_kind_of_row_names_rows_too() -> None:
    """The directory "部门 | 岗位 | 姓名 | 分机" names posts in its second column: 铜陵片区区域经理 beside 马鞍山片区区域经理;
    a column of names or extensions names no rows."""
    text = ("通讯录\n| 部门 | 岗位 | 姓名 | 分机 |\n|---|---|---|---|\n| 营运部 | 马鞍山片区区域经理 | 许诺 | 8412 |\n"
            "| 营运部 | 合肥片区区域经理 | 王五 | 8411 |")
    assert unlisted_sibling("铜陵片区区域经理的分机号是多少？", text) == ("铜陵片区区域经理", "马鞍山片区区域经理")
    assert unlisted_sibling("合肥片区区域经理的分机号是多少？", text) is None
    assert "许诺" not in row_labels(text, longest=12)
    # a 职级 column after a 序号 column names rows too
    grades = "| 序号 | 职级 | 住宿标准 |\n|---|---|---|\n| 1 | 经理级 | 500 元 |\n| 2 | 主管级 | 400 元 |"
    assert unlisted_sibling("出差住宿标准，总监级每晚多少？", grades) == ("总监级", "经理级")


LEAVE_LIST = ("四、婚假、产假与丧假\n\n- 婚假：13天，须在领取结婚证后1年内一次性休完。\n- 产假：158天。\n"
              "- 陪产假：男员工在配偶生育期间可休陪产假15天。\n- 丧假：员工的父母、配偶、子女去世的，给予丧假3天。")
DUTY_LIST = "二、值班要求\n- 交接班：提前15分钟到岗。\n- 一线值班：住院医师。\n- 二线值班：主治医师。"
STEPS_LIST = "办理\n- 申请条件：入职满一年。\n- 办理方式：在OA提交。"


@pytest.mark.parametrize(("question", "text", "sources", "sibling"), [
    ("员工探亲假有几天？", LEAVE_LIST, "", ("探亲假", "婚假")),            # a list of kinds of leave is read as rows
    ("探亲假可以休几天？工资照发吗？", LEAVE_LIST, "", ("探亲假", "婚假")),
    ("婚假有几天？", LEAVE_LIST, "", None),                                 # a listed item
    ("老婆生孩子我能休几天假？", LEAVE_LIST, "", None),                     # names no kind
    # another top source writes the word: the list is not where it would stand
    ("下了大夜班至少要休息多久？", DUTY_LIST, "P班（小夜班）、N班（大夜班）", None),
    ("支付方式有哪些？", STEPS_LIST, "", None),                              # unlike items name no kind
])
def test_a_labelled_list_of_one_kind_reads_as_rows(question: str, text: str, sources: str, sibling) -> None:
    assert unlisted_sibling(question, text, text + sources) == sibling


SHIFT_TABLE = "| 班次 | 适用岗位 | 上班时间 |\n|---|---|---|\n| 早班 | 快递员 | 07:00 |\n| 晚班 | 快递员 | 14:00 |\n| 夜班 | 分拣员 | 22:00 |"
CITY_TABLE = "| 城市 | 标准 |\n|---|---|\n| 广州 | 500 |\n| 杭州 | 400 |"


@pytest.mark.parametrize(("question", "text", "sibling"), [
    # jieba's dictionary reads 中班 as a place: beside rows of its kind that are no places, it is a row
    ("中班是几点上班、几点下班？", SHIFT_TABLE, ("中班", "早班")),
    ("我在中山上班，夜班几点开始？", SHIFT_TABLE, None),      # a place of the scene, and a listed row
    ("去苏州出差住宿标准是多少？", CITY_TABLE, None),          # rows that are places: a city is no sibling here
])
def test_a_word_read_as_a_place_is_a_row_beside_rows_that_are_no_places(question: str, text: str, sibling) -> None:
    assert unlisted_sibling(question, text) == sibling


# --- a row named in one label column, pinned by another column's kind (evidence v71) ---

DIRECTORY = """| 部门 | 岗位 | 姓名 | 分机 |
|---|---|---|---|
| 营运部 | 营运总监 | 马国华 | 8101 |
| 南湖店 | 店长 | 王建新 | 8011 |
| 桐乡店 | 店长 | 孙浩 | 8031 |
"""


@pytest.mark.parametrize("question", ["海宁店的店长是谁？分机多少？", "海宁店店长的分机是多少"])
def test_a_row_pinned_to_a_store_the_directory_leaves_out_is_caught(question: str) -> None:
    assert unlisted_sibling(question, DIRECTORY, DIRECTORY + " 员工在南湖店、海宁店购物享 95 折。") == ("海宁店", "南湖店")


@pytest.mark.parametrize("question", ["南湖店的店长是谁？", "店长是谁？", "我们店的店长分机多少？", "本店店长分机？",
                                      "我在海宁店上班，营运总监分机多少？"])
def test_a_listed_store_or_the_askers_own_is_not_caught(question: str) -> None:
    assert unlisted_sibling(question, DIRECTORY, DIRECTORY) is None


# --- a row named anywhere in the question leaves it alone, a scene's too (v72 read only the clauses that ask, and a
# review showed the scene's row is as often the asker's own: "我上早班，交接班要提前几分钟到？"; reverted in v74) ---

LEAVE_TABLE = "| 假别 | 天数 |\n|---|---|\n| 婚假 | 13 天 |\n| 产假 | 158 天 |\n| 陪产假 | 15 天 |\n"


@pytest.mark.parametrize("question", ["我刚休完婚假，婚假工资怎么算？", "我刚休完婚假，回来上班要提交什么材料？"])
def test_a_row_the_scene_names_leaves_the_question_alone(question: str) -> None:
    assert unlisted_sibling(question, LEAVE_TABLE, LEAVE_TABLE) is None


def test_two_label_columns_no_row_holds_together_in_chinese() -> None:
    table = ("| 项目部 | 职务 | 姓名 | 分机号 |\n|---|---|---|---|\n| 钱塘湾安置房二期 | 项目经理 | 张三 | 8201 |\n"
             "| 钱塘湾安置房二期 | 技术负责人 | 李四 | 8202 |\n| 芜湖长江堤防加固 | 项目经理 | 陶文斌 | 8601 |\n"
             "| 临平高架桥 | 技术负责人 | 王五 | 8302 |\n")
    company = DIRECTORY + "| 人事部 | 人事专员 | 周敏 | 8102 |\n"
    # (one post for the company stands under one value: "南湖店的营运总监是谁？" asks the company's; 门店 names no store)
    assert unlisted_sibling("南湖店的营运总监是谁？", company, company) is None
    assert unlisted_sibling("海宁店的营运总监是谁？", company, company) is None
    assert unlisted_sibling("各门店店长的分机号是多少？", company, company) is None
    assert unlisted_sibling("从外部怎么拨打店长的分机？", company, company) is None
    assert unlisted_sibling("芜湖长江堤防加固项目部技术负责人的分机号是多少？", table, table) is not None
    assert unlisted_sibling("钱塘湾安置房二期的技术负责人是谁？", table, table) is None
    assert unlisted_sibling("我在芜湖长江堤防加固，钱塘湾安置房二期的技术负责人分机多少？", table, table) is None


ALLOWANCES = "夜班津贴\n| 班次津贴 | 标准 |\n|---|---|\n| 中班津贴 | 每班15元 |\n| 夜班津贴 | 每班30元 |"


@pytest.mark.parametrize(("question", "sibling"), [   # (evidence v93: unseen gongchang-zh mt-night-shift-allowance)
    # a listed row named by its modifier, with the word the rows share said another way: 补贴 is what 津贴 is
    ("上夜班一个班补贴多少钱？", None),
    ("中班补贴怎么发？", None),
    ("津贴多少钱？", None),
    # a row of that kind the table leaves out still is one, however its kind is said
    ("高温津贴一个月多少钱？", ("高温津贴", "中班津贴")),
    ("早班补贴多少钱？", ("补贴", "中班津贴")),
    # (a review) another kind of the same last character is no word for the rows' kind: 餐贴, 车贴 are not 津贴
    ("夜班有餐贴吗？", ("餐贴", "中班津贴")),
    ("夜班的车贴多少？", ("车贴", "中班津贴")),
])
def test_a_word_no_longer_than_the_rows_shared_end_names_their_kind(question: str, sibling) -> None:
    assert unlisted_sibling(question, ALLOWANCES) == sibling


def test_the_shared_word_is_read_per_kind_after_a_modifier_of_two_characters() -> None:
    from rag.answerability.siblings import _shared_heads

    assert _shared_heads(["中班津贴", "夜班津贴"]) == {"贴": ("津贴", ["中班", "夜班"])}
    assert _shared_heads(["早班", "中班", "晚班"]) == {}            # one character: the kind itself
    assert _shared_heads(["津贴", "中班津贴"]) == {}                 # a label that is the word itself
    assert _shared_heads(["高温津贴", "通讯补贴"]) == {}             # two words of one kind
    assert _shared_heads(["通讯补贴", "交通补贴", "店长", "副店长"]) == {"贴": ("补贴", ["通讯", "交通"])}
