"""The measure a question asks an amount in, and whether a sentence states one (rag.measures)."""

from __future__ import annotations

import pytest

from rag.answer_types import asked_type, has_candidate
from rag.measures import asked_measure, states_measure


@pytest.mark.parametrize(("question", "measure"), [
    ("How long have I got to claim back a language course once I've paid for it?", "time"),
    ("How many working days does finance take?", "time"),
    ("病假超过几天要开证明？", "time"),
    ("审批要多久？", "time"),
    ("最多可以报销多少钱？", "money"),
    ("P7 的月薪上限是多少？", "money"),
    ("How much does the certification exam cost?", "money"),
    ("What's the fee for a replacement badge?", "money"),
    ("What percentage of the budget did Sales spend?", "percent"),
    ("调薪预算占工资总额的多少？", "percent"),
    ("马来穿山甲的体长约是多少厘米？", "length"),
    ("How tall is the tower?", "length"),
    ("东关街有多长？", "length"),
    ("成年个体有多重？", "weight"),
    ("公园的面积是多少？", "area"),
    ("How many runways does the airport have?", None),          # a count names no measure
    ("伊丽莎白港机场有几条跑道？", None),
    ("How much leave can I carry over?", None),                  # "how much" of no money word
    # blind dev shop-en: an award, a bonus or a premium is paid in money (never "pay", which a
    # source states as a span: "full pay for 8 weeks")
    ("How much is the long-service award after 10 years of service?", "money"),
    ("And what's the premium for working on a Sunday?", "money"),
    ("How much is the deposit for a locker key?", "money"),
    ("How much sick pay do I get with 3 years' service?", None),
    # blind dev ferry-en: what someone earns, or what the employer pays towards something, is money
    ("How much does a ship's master earn per year?", "money"),
    ("How much does Fernvale pay towards glasses needed for driving?", "money"),
    ("How much do casual ushers get paid?", "money"),
    ("How much is a casual usher paid per hour?", "money"),
    ("How much do I get paid when I'm off sick?", None),
    ("How much paid leave do I get?", None),
    # blind dev jianzhu-zh: a multiple is asked as a share ("how many times" a year is a count)
    ("国庆节在工地值班，加班工资按平时的几倍算？", "percent"),
    ("How many times the normal rate is bank holiday work paid at?", "percent"),
    ("How many times a year is the lift serviced?", None),
    # blind dev baoxian-zh and zoo-en: pay asked after 多少, a ratio, a telephone number
    ("理赔案件没有按时效结案的，责任人每件要扣多少绩效工资？", "money"),
    ("What is the keeper-to-animal ratio in the Butterfly House?", "percent"),
    ("What staff to student ratio do we need for a day trip?", "percent"),
    ("What is the phone number of the employee assistance programme?", "phone"),
    ("白沙供电所所长吴德胜的手机号是多少？", "mobile"),   # a mobile number is a long one, never an extension
    ("值班电话是多少？", "phone"),
    ("How many phone numbers are listed?", None),
    # how often something recurs (blind dev air-en, zoo-en, dianli-zh)
    ("How often must de-icing training be renewed?", "frequency"),
    ("绝缘手套多久发放更换一次？", "frequency"),
    ("初级核保资格多久复审一次？", "frequency"),
    ("安全帽戴多久就得换个新的？", "time"),
    ("几年前开始的？", None),                                    # 几年前 asks a date, not a span
    # 位 is a length only as the digits of a code, never a rank (第多少位) nor people's classifier (session 75)
    ("公司账号密码至少要多少位？", "length"), ("密码需要多少位数字？", "length"), ("多少位的密码才算强？", "length"),
    ("该公司在中国企业500强中营收规模排行第多少位？", None), ("共有多少位嘉宾出席开幕式？", None),
    # (a review: people counted after 位, a rank without 第; digits asked with a particle or a noun of characters)
    ("学校有多少位数学老师？", None), ("公司有多少位VIP客户？", None), ("有多少位 CEO？", None), ("多少位80后员工？", None),
    ("他在榜单上排多少位？", None), ("验证码是多少位呢？", "length"), ("密码至少要多少位字符？", "length"),
    # two measures in one message: its parts are asked one by one
    ("帮我看下 P7 的月薪上限是多少。他明年要是升到 P8，目标奖金能到几个月工资？", None),
    ("How much does the course cost and how long does it take?", None),
])
def test_the_measure_a_question_asks(question: str, measure: str | None) -> None:
    assert asked_measure(question) == measure


@pytest.mark.parametrize(("sentence", "measure", "holds"), [
    ("Course: Manual handling; Recurrent interval: every 36 months", "frequency", True),
    ("- Lifeguards rotate position every **20 minutes**.", "frequency", True),
    ("Replaced each year: 2 pairs", "frequency", True),
    ("Certificate: Manual Handling; Valid for: 3 years", "frequency", True),
    ("发放周期: **每 30 个月更换**", "frequency", True),
    ("Renewal: Does not expire", "frequency", True),
    ("Staff must hold a LANTRA certificate before they drive the tractor.", "frequency", False),
    ("证件遗失的，应及时向发证机关申请补发。", "frequency", False),
    ("投保人为60周岁及以上的，应当全程录音录像。", "time", False),   # 周岁 is an age, not weeks
    ("Keeper-to-animal ratio: 1:8", "percent", True),
    ("接待电话8120，工作日08:00—17:30接待。", "percent", False),   # a clock time is no ratio
    ("Take one adult to every eight pupils.", "percent", True),
    ("Its phone number is printed on the back of your staff ID card.", "phone", False),
    ("24 小时值班电话: 8251", "phone", True),
    ("Call 0800 123 4567 any time.", "phone", True),
    ("The line is open 24 hours a day.", "phone", False),
    ("法定节假日加班按本人工资的 3 倍支付。", "percent", True),
    ("Bank holiday working is paid at double time.", "percent", True),
    ("春节、国庆期间不停工的项目，须在节前 3 天报备。", "percent", False),
    ("Claim the cost through the expense portal within 30 days of paying.", "time", True),
    ("Unused days must be used by March 31.", "time", True),             # a deadline answers "how long"
    ("Free software is reviewed within five working days.", "time", True),
    ("出差结束后 15 个自然日内提交报销单。", "time", True),
    ("须提前两周申请。", "time", True),
    ("Larkfield Labs reimburses language courses up to 300 USD per calendar year.", "time", False),
    ("单笔不超过 800 元。", "money", True),
    ("Nightly cap: 240 USD", "money", True),
    ("金额（元）: 5000", "money", True),                                   # the unit in the column's name
    ("A replacement badge costs $15.", "money", True),
    ("须在 30 天内提交。", "money", False),
    ("年度调薪预算为工资总额的 6%。", "percent", True),
    ("调薪预算为工资总额的百分之六。", "percent", True),
    ("The budget is 2.8 million USD.", "percent", False),
    ("体长40-65厘米。", "length", True),
    ("The tower is 120 metres tall.", "length", True),
    ("马来穿山甲每年会产1-2只幼穿山甲。", "length", False),
    ("成年个体重约 5 公斤。", "weight", True),
    ("占地面积约180亩。", "area", True),
])
def test_what_a_sentence_states(sentence: str, measure: str, holds: bool) -> None:
    assert states_measure(sentence, measure) is holds


def test_how_long_is_a_span_or_a_length() -> None:
    assert states_measure("The bridge is 1.2 km long.", "time", "How long is the bridge?")
    assert states_measure("全长 3 公里。", "length", "东关街有多长？")
    assert states_measure("工期约 3 个月。", "length", "工期有多长？")


@pytest.mark.parametrize(("question", "sentence", "holds"), [
    # a number in another measure is no candidate for the asked amount
    ("How long have I got to claim back a language course?", "Language courses are reimbursed up to 300 USD per year.", False),
    ("How long have I got to claim back a language course?", "Claim the cost within 30 days of paying.", True),
    ("马来穿山甲的体长约是多少厘米？", "马来穿山甲每年会产1-2只幼穿山甲。", False),
    ("马来穿山甲的体长约是多少厘米？", "体长40-65厘米，尾长35-56厘米。", True),
    ("最多可以报销多少钱？", "须在 30 天内提交。", False),
    # a question that names no measure takes any number
    ("How many runways does the airport have?", "The airport has 13 aprons.", True),
])
def test_a_number_question_wants_its_measure(question: str, sentence: str, holds: bool) -> None:
    assert asked_type(question) == "number"
    assert has_candidate(sentence, "number", question) is holds


@pytest.mark.parametrize(("question", "measure"), [
    # attacks from review: a measure read from a word that names none, or names another
    ("How much paid leave do I get per year?", None),
    ("How much sick leave is paid?", None),
    ("How much time do I have to submit an expense claim?", "time"),
    ("How far in advance do I need to book flights?", None),
    ("How high can the hotel rate be in London?", None),
    ("住宿标准多高？", None),
    ("报销额度有多高？", None),
    ("开通多重身份验证需要几步？", None),                   # 多重 is "multiple" here
    ("会议室占用一天要多少钱？", "money"),                   # 占用 is "occupy", no share
    ("What is the rate for overtime on Sundays?", None),
    ("How long ago was the castle built?", None),
    ("几月份调薪？", None),                                  # which month, not how many
    ("How many pounds can I bring on the plane?", "weight"),
])
def test_review_attacks_on_the_asked_measure(question: str, measure: str | None) -> None:
    assert asked_measure(question) == measure


def test_a_long_run_of_digits_is_read_in_linear_time() -> None:
    """Attack from review: a 5,000-digit run made the amount pattern retry from every digit. The
    number is now read from where its run starts; correctness is what this asserts (no timing)."""
    run = "1" * 5000
    assert not states_measure(run + "x", "time") and states_measure(run + " 天", "time")
    assert states_measure("月薪上限 4.5 万", "money") and not states_measure("共 3 万人参加", "money")


@pytest.mark.parametrize(("question", "measure"), [   # (evidence v75)
    ("What is the maximum height I'm allowed to work at from a ladder on stage?", "length"),
    ("What's the minimum distance between a haze machine and the audience?", "length"),
    ("冬天气温低于零下多少度就不能进行带电作业了？", "temperature"),
    ("What temperature is the learner pool kept at?", "temperature"),
    ("How cold does it have to be before outdoor work stops?", "temperature"),
    ("一度电多少钱？", "money"),                        # 度 of electricity is no temperature
    ("What is the maximum amount I can claim?", None),  # no measure named
])
def test_heights_and_temperatures_are_measures(question: str, measure: str | None) -> None:
    assert asked_measure(question) == measure


@pytest.mark.parametrize(("sentence", "holds"), [
    ("Millbrook learner pool 31°C; Ashcombe Lido 25 °C", True), ("水温保持在 28℃", True), ("气温低于零下 10 度时停止作业", True),
    ("Keep the sauna below 90 degrees", True), ("Use ladders for no more than 30 minutes", False),
])
def test_a_sentence_states_a_temperature(sentence: str, holds: bool) -> None:
    assert states_measure(sentence, "temperature") is holds


@pytest.mark.parametrize(("question", "measure"), [   # (evidence v79)
    ("What was the top wind speed in Storm Edwina?", "speed"),
    ("How fast is the new ferry?", None),               # "how fast" asks how soon as often as a speed
    ("According to that guide, how fast is the first response when one person cannot work?", None),
    ("列车最高时速是多少？", "speed"),
    ("台风中心附近最大风速是多少？", "speed"),
    ("How fast do I have to report it?", None),          # how soon, not a speed
    ("退款多快能到账？", None),
])
def test_speeds_are_measures(question: str, measure: str | None) -> None:
    assert asked_measure(question) == measure


@pytest.mark.parametrize(("sentence", "holds"), [
    ("Gusts reached 94 mph on the coast.", True), ("The ship cruises at 18 knots.", True),
    ("最高时速350公里。", True), ("设计速度 120 公里/小时。", True),
    ("A 61-year-old man died when a tree fell on his car.", False),
])
def test_a_sentence_states_a_speed(sentence: str, holds: bool) -> None:
    assert states_measure(sentence, "speed") is holds


def test_a_run_of_spaces_or_of_dotted_digits_is_read_once() -> None:
    """Attack from review (session 74): the money pattern read a run of spaces three ways (22 s at 1,000 spaces, more
    than ten minutes at 20,000: a document could stall every question asked over it), and an English number was tried
    from every digit of "1.1.1.…". Each optional piece now takes the spaces after it, and a number starts where its
    run does; correctness is what this asserts (no timing), on inputs the old patterns took minutes over."""
    spaces = " " * 2000
    assert not states_measure("1" + spaces + "亿甲", "money") and states_measure("1" + spaces + "亿元", "money")
    assert not states_measure("1." * 5000 + "亿", "money") and states_measure("1." * 5000 + " dollars", "money")
    assert states_measure("1" + spaces + "多 元", "money") and states_measure("3 多天", "time")
    # a run of Chinese numerals was tried from each of its characters by the frequency and fraction patterns
    # (6 s at 20,000 characters); each now starts where its run does
    numerals = "一" * 5000
    assert not states_measure(numerals + "甲", "frequency") and states_measure(numerals + "年一次", "frequency")
    assert not states_measure(numerals + "甲", "percent") and states_measure("三分之二", "percent")


def test_the_words_that_make_how_much_ask_money_are_read_within_its_sentence() -> None:
    """Session 75: "how much" read the rest of its sentence for a word of money from every occurrence (6 s on "how much "
    repeated 2,222 times); the scan now stops 300 characters on — far past any question's sentence — so a word of money
    that far off no longer counts, and one within a sentence still does."""
    assert asked_measure("How much does the course cost?") == "money"
    assert asked_measure("How much " + "x " * 200 + "does it cost?") is None
    assert asked_measure("How high is the allowance cap for staff?") is None and asked_measure("How high is it?") == "length"
    assert asked_measure("how much " * 2222) is None
