"""The measure a "how much / how many" question asks for, and whether a sentence states one.

"How long have I got to claim a course back?" asks a span of time; "体长约是多少厘米？" a length;
"多少钱" money; "what share of the budget" a percentage. A sentence with *a* number ("up to 300 USD
per calendar year", "每年会产 1-2 只幼崽") holds no answer to them. :func:`asked_measure` reads the
measure from the question; :func:`states_measure` says whether a sentence writes an amount in it.
A question that names no measure ("how many people", "几条跑道") is left to the number rule of
:mod:`rag.answer_types`.

Measures: ``frequency`` (how often: "every 2 years", "once a year", 每 3 年, "Valid for: 3 years"), ``phone`` (a telephone number: seven digits or more, or a number a word calls one), ``time`` (a span or a deadline: "30 days", "两周", "by March 31", "次日"), ``money``,
``percent``, ``length`` (also "the maximum height"), ``speed`` ("how fast", "top wind speed", 时速多少: mph, km/h,
knots, 米/秒), ``weight``, ``area``, ``temperature`` ("what temperature",
"气温低于零下多少度": "29°C", "37℃", "零下 10 度"). "How long" and 多长 ask a time or a length.
"""

from __future__ import annotations

import re
from functools import lru_cache

_ZH_N = "0-9０-９零〇一二两三四五六七八九十百千万亿半几数"
_EN_N = (r"(?:\d[\d,.]*|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
         r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|half|a few|"
         r"several|couple of)")

# ── what a question asks ─────────────────────────────────────────────────────────────────────
_ZH_TIME_UNIT = r"(?:个)?(?:工作日|自然日|天|周(?!岁)|星期|礼拜|月|年|小时|钟头|分钟|秒)"
_LENGTH_UNITS = ("个?字符|个字|位数?|characters?|chars|digits|毫米|厘米|公分|分米|公里|千米|米|英里|英尺|英寸|海里|mm|cm|km|kilomet(?:er|re)s?|met(?:er|re)s?|"
                 "miles?|feet|foot|ft|inch(?:es)?|yards?")
# …as a question asks one: 位 is a length only as the digits of a code ("密码至少要多少位？", 多少位数, 多少位的密码), never
# the classifier of people ("多少位嘉宾") nor a rank ("排行第多少位", an ordinal)
# (a review: 多少位数学老师, 多少位VIP客户, 多少位80后员工 count people; 验证码是多少位呢？, 多少位字符 ask digits)
_LENGTH_ASKED = _LENGTH_UNITS.replace("位数?", "位数?(?=的|[呢啊吗呀嘛]|字符|字母|数字|\\s*[？?，,。.！!；;]|\\s*$)")
_WEIGHT_UNITS = "毫克|公斤|千克|克|斤|吨|磅|盎司|mg|kg|kilo(?:gram)?s?|grams?|tonnes?|tons?|lbs?|pounds?|ounces?|oz"
_AREA_UNITS = ("平方米|平方公里|平方千米|平方英里|公顷|英亩|亩|m²|km²|m2|km2|sq\\.? ?(?:m|km|ft|mi)|"
               "square (?:met(?:er|re)s?|kilomet(?:er|re)s?|miles?|feet)|hectares?|acres?")
_MONEY_UNITS = (r"元|块钱?|美元|欧元|英镑|日元|港元|港币|人民币|卢比|瑞郎|rmb|cny|usd|eur|gbp|chf|inr|hkd|aud|cad|jpy|dollars?|euros?|"
                r"pounds? sterling|yuan|rupees?|francs?")

_ASKS = [   # (measure, pattern): the first that matches decides
    # (a multiple is a share too: "加班工资按平时的几倍算？", "how many times the normal rate")
    ("percent", re.compile(r"百分之几|百分比|几成(?![员立为功])|比例|占(?![地用])[^，。？?]{0,10}?多少|(?:几|多少)倍|"
                           r"\bhow many times (?:the|my|your|their|his|her|our|normal|usual|basic|standard)\b|\bwhat multiple\b|"
                           # "what is the keeper-to-animal ratio", "the staff to student ratio": "1:8", "one to ten"
                           r"\bwhat(?:'s|’s| is| was| are)?(?: the)? (?:[\w-]+ (?:to|per) [\w-]+ |[\w-]+-to-[\w-]+ )?ratios?\b|"
                           r"\bwhat (?:percentage|percent|proportion|share|fraction)\b|\bhow many percent\b|"
                           r"\bwhat (?:is|was|'s) the (?:percentage|proportion|share)\b", re.I)),
    ("money", re.compile(rf"多少(?:钱|{_MONEY_UNITS})|几(?:块钱?|元|美元|欧元)|"
                         r"(?:费用?|价格|价钱|金额|预算|工资|薪水|薪资|月薪|年薪|奖金|补贴|津贴|报销|售价|票价|学费|罚款|赔偿)"
                         r"[^，。？?]{0,6}?多少(?![天个次人年月周小时名位项条张家])|"
                         # "每件要扣多少绩效工资？": the pay word after 多少
                         r"多少(?:绩效|基本|岗位)?(?:工资|薪水|奖金|补贴|津贴|罚款|赔偿)|"
                         # "how much does it cost / can I spend", never "how much paid leave" or "how much time …
                         # to submit a claim": only the words that name money, and no noun of another measure first
                         r"\bhow much\b(?!\s+(?:time|leave|holiday|notice|sick|paid|data|storage|space|memory|"
                         r"weight))(?=[^.?!]{0,300}\b(?:cost|costs|costing|charge|charged|spend|spent|money|worth|price|budget|"
                         r"salary|fee|fees|allowance|refund|fine|wage|wages)\b|"
                         # what someone earns, never leave or time off earned ("How much annual leave do I earn?")
                         r"(?![^.?!]{0,300}\b(?:leave|holidays?|toil|lieu|time off|points?|credits?|commission)\b)"
                         r"[^.?!]{0,300}\b(?:earn|earns|earned|earning)\b|"
                         # "how much does the Trust pay towards glasses", "how much do casual ushers get paid"
                         r"[^.?!]{0,300}\b(?:pays?|paying) (?:towards|toward|for|back|out)\b|[^.?!]{0,300}\b(?:get|gets|be|am|are|is)(?:\s+[\w'’-]+){0,3}?\s+paid"
                         # …at the end or by the hour ("…get paid when off sick?" may be "full pay for 8 weeks")
                         r"(?=\s*(?:[?.!]|$|per\b|an? (?:hour|day|week|month|year|shift)\b|each\b|by the\b)))|"
                         # "how much is the long-service award / the deposit / my bonus": the noun asked about, whole
                         # ("How much annual leave is the award?" asks leave; "the bonus as a share of pay" a percentage)
                         r"\bhow much (?:is|are|was|were|will|would) (?:the |a |an |my |our |your |this |that )?"
                         r"(?:[a-z][a-z-]* ){0,2}(?:award|bonus|premium|grant|reward|rent|deposit)s?\b"
                         r"(?=\s*(?:[?.!,]|$|for|after|on|per|in|at|to|from|with|when|if|paid|worth)\b|\s*[?.!,]|\s*$)"
                         r"(?![^?]*\b(?:share|percent|percentage|proportion|multiplier)\b)|"
                         r"\bhow many (?:dollars|euros|usd|eur|gbp)\b|"
                         r"\bwhat(?:'s|’s| is| was| are)? the (?:price|cost|fee|salary|budget|allowance|fare)\b|"
                         # …and "what's the premium / the deposit" when the noun ends its phrase ("the bonus scheme",
                         # "the award ceremony date" ask something else)
                         r"\bwhat(?:'s|’s| is| was| are)? the (?:[a-z][a-z-]* )?(?:premium|bonus|award|grant|wage|deposit)s?"
                         r"(?=\s*[?.!,]|\s*$|\s+(?:for|on|per|paid|after|at|in|when|if)\b)", re.I)),
    # how often something recurs: "how often must de-icing training be renewed?", 多久复审一次, 几年换一次
    ("frequency", re.compile(r"\bhow often\b|\bhow frequently\b|(?:多久|多长时间|几年|几个月|多少年|多少天)[^，。？?]{0,8}?一次|"
                             r"(?:每|隔)多(?:久|长时间)", re.I)),
    ("time", re.compile(rf"多久|多长时间|多少{_ZH_TIME_UNIT}(?!前|以前|之前)|"
                        rf"几(?:个(?:工作日|自然日|月|星期|礼拜|小时|钟头)|天|周|星期|年|小时|分钟|秒)(?!前|以前|之前|级|份)|"
                        r"\bhow many (?:business |working |calendar )?(?:days|weeks|months|years|hours|minutes|"
                        r"seconds)\b|\bhow long\b(?!\s+ago)|\bhow much time\b", re.I)),
    ("length", re.compile(rf"(?<!标准)(?<!额度)(?<!上限)(?<!价格)(?<!费用)(?<!工资)(?<!标准有)(?<!额度有)(?<!上限有)多高|"
                          rf"多长|多远|多宽|多深|多厚|(?:身高|高度|长度|距离|宽度|深度|海拔|体长|全长|厚度|直径|半径|"
                          rf"周长)[^，。？?]{{0,4}}?多少|(?<!第)(?<!排)(?<!排名)多少(?:{_LENGTH_ASKED})|\bhow (?:tall|wide|deep|thick)\b|"
                          rf"\bhow far\b(?!\s+(?:in advance|ahead|before|beforehand|back|out))|"
                          rf"\bhow high\b(?![^.?!]{{0,300}}\b(?:rate|cap|limit|price|cost|fee|salary|budget|allowance|bonus)\b)|"
                          rf"\bhow many (?:{_LENGTH_UNITS})\b|\bwhat (?:is|was|'s) the (?:height|length|distance|width|"
                          rf"depth|diameter)\b|\b(?:maximum|minimum|max|min|greatest|highest)\s+(?:working\s+)?(?:height|"
                          rf"length|distance|width|depth|reach)\b", re.I)),
    ("temperature", re.compile(r"(?:气温|温度|水温|室温|体温|零下|零上)[^，。？?]{0,8}?(?:多少|几)\s*(?:度|℃)|多少摄氏度|"
                               r"\bwhat temperature\b|\bhow (?:hot|cold|warm)\b|\bhow many degrees\b|"
                               r"\bwhat (?:is|was|'s) the (?:\w+ )?temperature\b", re.I)),
    # a speed ("What was the top wind speed in Storm Edwina?", "how fast", 时速多少): "61-year-old" states none
    # (never "how fast", which asks how soon as often as a speed: "how fast is the first response?", 多快能到账; nor the speed of
    # a connection, a printer or a call centre: Mbps, 页/分钟, "average speed of answer")
    ("speed", re.compile(r"\bat what speed\b|\bwhat(?:'s|’s| is| was| are| were) the (?:(?:top|maximum|max|average|highest|peak|"
                         r"cruising|wind|design|rated) )?speeds?(?: limit)?\b(?!\s+of\s+(?:answer|response|service|light|sound))|"
                         r"\b(?:top|maximum|max|highest|peak|cruising|wind) speeds?\b|"
                         r"(?:时速|风速|航速|车速|最高速度|行驶速度|设计速度)[^，。？?]{0,4}?多少", re.I)),
    ("weight", re.compile(rf"多重(?=\s*[？?吗呢啊]|\s*$)|(?:重量|体重|质量)[^，。？?]{{0,4}}?多少|多少(?:{_WEIGHT_UNITS})|\bhow heavy\b|"
                          rf"\bhow many (?:{_WEIGHT_UNITS})\b|\bwhat (?:is|was|'s) the weight\b", re.I)),
    ("mobile", re.compile(r"\b(?:what|which)(?:['’]s| is| are)?\s+(?:the\s+|their\s+|his\s+|her\s+|its\s+|our\s+)?(?:[\w'’-]+\s+){0,4}?"
                          r"(?:mobile|cell)(?: ?phone)? numbers?\b|(?<!我的)(?<!我)手机号?(?:码)?(?:是|为)?(?:多少|什么)", re.I)),
    # a telephone number ("what is the phone number of the EAP?", 手机号是多少, 联系电话是多少), never an extension or a count
    ("phone", re.compile(r"\b(?:what|which)(?:['’]s| is| are)?\s+(?:the\s+|their\s+|his\s+|her\s+|its\s+|our\s+)?(?:[\w'’-]+\s+){0,4}?"
                         r"(?:(?:tele)?phone|mobile|contact) numbers?\b(?!\s+(?:do|should|must|can)\s+I\b)|"
                         r"\bnumber (?:to|I should|do I|should I) (?:call|ring|phone|dial)\b|"
                         r"(?<!我的)(?<!我)(?:电话|手机|手机号)(?:号码|号)?(?:是|为)?(?:多少|什么)|打(?:哪个|什么)(?:电话|号码)", re.I)),
    ("area", re.compile(rf"(?:面积|占地)[^，。？?]{{0,4}}?多少|多大面积|多少(?:{_AREA_UNITS})|"
                        rf"\bhow many (?:{_AREA_UNITS})\b|\bwhat (?:is|was|'s) the (?:area|size) of\b", re.I)),
]


@lru_cache(maxsize=4096)   # read once per question, not once per sentence it is held against
def asked_measure(question: str) -> str | None:
    """The measure a question's asked amount is in; ``None`` when it names none, or when a message asks
    amounts in two measures ("P7 的月薪上限是多少？目标奖金能到几个月工资？": money and a span), which
    its parts are asked one by one."""
    asked = {measure for measure, pattern in _ASKS if pattern.search(question)}
    if "percent" in asked:   # a share of a sum ("预算占工资总额的多少") is a percentage
        asked.discard("money")
    if "frequency" in asked:   # 多久…一次 asks how often, not a span
        asked.discard("time")
    if "mobile" in asked:   # a mobile number is a telephone number of its own kind
        asked.discard("phone")
    return asked.pop() if len(asked) == 1 else None


# ── what a sentence states ───────────────────────────────────────────────────────────────────
def _amount(units: str) -> re.Pattern[str]:
    """A number (digits, Chinese numerals or English number words) with one of ``units`` after it."""
    # the number read from where its run starts (a look-behind), so a long run of digits is tried once,
    # not once per digit (quadratic on a 5,000-digit table row)
    # (each optional piece takes the spaces after it, never a run of spaces read three ways — cubic on 1,000 spaces; an
    # English number starts where its run does too — quadratic on "1.1.1.…")
    return re.compile(rf"(?<![{_ZH_N},，.])[{_ZH_N}][{_ZH_N},，.]*\s*(?:(?:多|余)\s*)?(?:{units})|"
                      rf"(?<![\d,.])\b{_EN_N}[\s-]*(?:{units})(?![a-z])", re.I)


_CLOCK = r"(?:(?<![\d.])\d{1,2}\s*[:：]\s*\d{2}(?!\d)|\b\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.)|[0-9一二三四五六七八九十两]{1,3}\s*点)"
_STATES = {
    "time": [
        _amount(r"(?:个)?(?:工作日|自然日|天|日|周(?!岁)|星期|礼拜|个月|年|小时|钟头|分钟|秒)|"
                r"(?:(?:business|working|calendar|full|consecutive|continuous|clear|whole|straight|rolling|paid|unpaid|extra|additional|further|more) ){0,2}(?:days?|weeks?|months?|years?|hours?|hrs?|minutes?|mins?|seconds?)"),
        # a deadline answers "how long have I got" as well as a span does, and the hours of the clock from one
        # to another "how many hours a day" ("8:00–18:00", "9 am to 5 pm"); a time of day alone says when
        re.compile(rf"{_CLOCK}\s*(?:[-–—~～至到]|to|until)\s*{_CLOCK}|当天|当日|次日|隔天|立即|立刻|马上|即时|当场|月底|月末|年底|年末|季末|[上中下]旬|"
                   r"[0-9０-９一二三四五六七八九十]{1,3}\s*月\s*[0-9０-９一二三四五六七八九十]{1,3}\s*[日号]|"
                   r"\b(?:immediately|same day|next day|today|tomorrow|end of (?:the )?(?:day|week|month|quarter|year))\b|"
                   r"\b(?:jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|"
                   r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?\s+\d{1,2}\b|\b\d{1,2}\s+(?:jan(?:uary)?|feb(?:ruary)?|"
                   r"march|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|"
                   r"dec(?:ember)?)\b|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", re.I),
        # a column headed by its unit: "Entitlement (days): 25", "Days: 25", "天数: 5", "时限（工作日）: 3"
        re.compile(r"(?:[(（]\s*(?:working |calendar )?(?:days?|weeks?|hours?|months?|years?|天|小时|工作日|个月|年)\s*[)）]|"
                   r"\b(?:days|hours|weeks|months)|天数|小时数|工作日数|月数|年数)\s*[:：]\s*\d", re.I),
    ],
    # "every 2 years", "once a year", "annually", "Valid for: 3 years", 每 3 年, 三年一次, "does not expire"
    "frequency": [re.compile(
        rf"\bevery\s+[*_]*(?:{_EN_N}\s+)?(?:other\s+)?(?:years?|months?|weeks?|days?|hours?|minutes?|shifts?|terms?|quarters?|"
        r"visits?|time)|\b(?:once|twice|three times|four times|\d+ times)\s+(?:a|per|each|every|in any)\s+\w+|"
        r"\b(?:annually|yearly|monthly|weekly|daily|hourly|fortnightly|quarterly|biannually|each (?:year|month|week|day|term)|"
        r"per (?:year|annum|month|week|day|term)|a (?:year|month|week|day))\b|\b(?:does not|doesn't|never) expire|\bno expiry\b|"
        r"\b(?:valid for|renew(?:ed|al)?|refresh(?:ed|er)?|recurrent(?: interval)?|replace(?:d|ment)?|review(?:ed)?)\b[^.;。；\n]{0,24}?\d|"
        rf"每\s*[*_]*[{_ZH_N}]*\s*(?:个)?(?:年|月|周|星期|天|日|季度|学期|小时|班)|(?<![{_ZH_N}])[{_ZH_N}]+\s*(?:个)?(?:年|月|周|天)\s*(?:一次|1\s*次)|"
        r"(?:有效期|复审|复训|更换|周期)[^，。；\n]{0,12}?[0-9一二两三四五六七八九十半]|长期有效|不过期|终身有效", re.I)],
    "money": [
        _amount(rf"(?:(?:万|千|亿|百万)\s*)?(?:{_MONEY_UNITS})|k\s*(?:usd|eur|gbp)|(?:thousand|million|billion|bn|m)\s+"
                rf"(?:usd|eur|gbp|dollars?|euros?|pounds?|yuan)"),
        # a sum in 万 without 元 ("月薪上限 4.5 万")
        re.compile(r"[$€£¥￥₹]\s*\d|\b(?:usd|eur|gbp|rmb|cny|chf|inr|hkd|aud|cad|jpy)\s*\d|人民币\s*[0-9一二三四五六七八九十]|"
                   r"(?<![\d.])\d+(?:\.\d+)?\s*万(?![\u4e00-\u9fff])|"
                   # a column of sums: "金额（元）", "岗位工资（元/月）", "Rate (£ per hour)"
                   # (…over an amount: "Rate (£ per hour): see the pay spine" states none)
                   r"[(（]\s*(?:元|万元|usd|eur|gbp|rmb|cny|美元|[£$€])\s*(?:[/／每]\s*[^)）]{1,8}|per [a-z ]{1,12})?[)）]\s*[:：]\s*\d",
                   re.I),
    ],
    "percent": [re.compile(rf"[%％]|百分之|[{_ZH_N}]成(?![员立为功])|[{_ZH_N}]\s*倍|\bper ?cent\b|\bhalf\b|\bquarter\b|"
                           r"\b(?:double|triple)\b(?!\s+(?:rooms?|beds?|decker|yellow|glazing|check|shifts?|doors?))|"
                           r"\b(?:twice|time and a (?:half|quarter)|(?:one|two|three|four) times)\b|"
                           r"\b\d+(?:\.\d+)?\s*times\b(?!\s+(?:a|an|per|each|every)\b)|"
                           r"(?<![\d:.])(?:1\s*:\s*\d{1,3}|\d{1,3}\s*:\s*1)(?![\d:])(?!\s*(?:am|pm))|\b(?:one|two|three|four|five|six|\d+) (?:adult|member of staff|staff member|keeper|carer|teacher|nurse)s? (?:to|for|per) (?:every )?\w+|"
                           rf"\b\d+\s*(?:in|out of)\s*\d+\b|(?<![{_ZH_N}])[{_ZH_N}]+分之[{_ZH_N}]+", re.I)],
    "length": [_amount(_LENGTH_UNITS)],
    "weight": [_amount(_WEIGHT_UNITS)],
    "speed": [_amount(r"mph|m\.p\.h\.?|km\s*/\s*h|kmh|kph|knots?|kts|m\s*/\s*s|(?:kilomet(?:er|re)s?|km|miles?|met(?:er|re)s?) "
                      r"(?:per|an|a) (?:hour|second)|公里\s*/\s*(?:小时|时)|千米\s*/\s*(?:小时|时)|公里每小时|千米每小时|"
                      r"米\s*/\s*秒|米每秒|海里\s*/\s*(?:小时|时)"),
              re.compile(r"(?:时速|风速|航速|车速|速度)[^，。；\n]{0,6}?[0-9一二三四五六七八九十百]|每(?:小时|秒)\s*[0-9一二三四五六七八九十百]|"
                         r"\bmach\s*\d|(?<![\d.])\d+\s*级(?:大风|风|台风)|风力\s*\d", re.I)],
    "area": [_amount(_AREA_UNITS)],
    # a number of seven digits or more, or any number after a word that says it is one ("电话: 8251", "phone 2200")
    "phone": [re.compile(r"(?<![\d.])\+?\d[\d ()-]{5,}\d(?![\d.])|(?<![\d.])\d{2,4}(?:\.\d{2,4}){2,}(?![\d.])|"
                         r"(?:电话|手机|热线|分机|拨打|致电|拨)\D{0,12}\d{3,}|"
                         r"\b(?:phone|tel|telephone|mobile|helpline|hotline|ext(?:ension)?|call|ring|dial|contact)\b\.?[^.;\n\d]{0,40}\d{3,}|"
                         r"\bx\s?\d{3,5}\b|\bNHS\s*111\b", re.I)],
    # a mobile number is a long one: an office extension or an emergency line is no one's mobile
    "mobile": [re.compile(r"(?<![\d.])\+?\d[\d ()-]{8,}\d(?![\d.])")],
    "temperature": [_amount(r"°\s*[CF]|℃|℉|摄氏度|华氏度|度|degrees?"), re.compile(r"[-−]?\d+(?:\.\d+)?\s*°")],
}


def states_measure(sentence: str, measure: str, question: str = "") -> bool:
    """Whether ``sentence`` writes an amount in ``measure``. "How long" and 多长 (without 时间) are read
    as a time or a length, whichever the sentence states."""
    measures = [measure]
    if measure == "time" and re.search(r"\bhow long\b|多长(?!时间)", question, re.I):
        measures.append("length")
    if measure == "length" and re.search(r"多长(?!时间)", question):
        measures.append("time")
    return any(pattern.search(sentence) for m in measures for pattern in _STATES[m])


# a share of pay ("10% of your annual base salary", 工资基数的 12%, 基本工资的百分之十五): the pay word ends its phrase
# ("95% of pay slips" is no sum), and the Chinese share is *of* the pay (工资的, 按工资), never "工资 100% 按时发放"
_PAY_QUALIFIER = (r"(?:the|your|their|his|her|its|an?|employee['’]s|member['’]s|staff|annual|basic|base|gross|monthly|yearly|"
                  r"weekly|contractual|current|normal|full|usual)")
_PAY_ENDS = (r"(?=\s*(?:$|[,.;:!?)）|\]\n])|\s+(?:and|or|for|per|paid|is|are|as|in|on|at|to|from|each|every|which|when|if|up|"
             r"with|before|after|payable|until|a|an|the)\b)")
_ZH_SHARE = r"(?:\d+(?:\.\d+)?\s*[%％]|百分之[零〇一二两三四五六七八九十百点]+)"

# amounts said in words, or whose unit stands elsewhere: read only when a rule must know that *no* amount in the
# measure stands in a source (the answerability's ``require_measure``), never to pick an answer's sentence
_SAID_IN_WORDS = {
    "time": re.compile(r"\b(?:fortnights?|straight away|right away|without delay|as soon as (?:possible|you can)|promptly|"
                       r"by return|the same (?:day|week)|last (?:working |business )?day of|by the \d{1,2}(?:st|nd|rd|th)\b)|"
                       r"第一时间|次月|下月|随.{0,6}工资|(?<![A-Za-z])T\s*\+\s*\d|[0-9０-９一二三四五六七八九十]{1,3}\s*[号日]\s*"
                       r"(?:前|之前|以前)|半个?月|半年|半天|半日", re.I),
    # pence and pounds in words, a currency a table header or a unit line gives ("Allowance (£)", 单位：元, 元/晚), and
    # an amount counted in months of pay (每满一年支付一个月工资, "two weeks' pay"), or as a share of pay (a bonus of
    # "12% of base salary", 按基本工资的 10% 发放)
    "money": re.compile(r"(?<![\w.])\d+(?:\.\d+)?\s*p\b|\b\d[\d,.]*\s*(?:pounds?|pence|quid)\b|[(（]\s*[£$€¥￥]\s*[)）]|"
                        r"单位\s*[:：]\s*(?:万?元|美元)|元\s*/\s*[\u4e00-\u9fff]|"
                        # months of pay, counted ("一个月工资", "3 个月的基本工资"; never 当月工资, this month's pay)
                        r"(?:[0-9一二两三四五六七八九十半]|几)\s*个?月(?:的)?(?:基本)?(?:工资|薪资|月薪)|"
                        r"\b(?:\w+ )?(?:weeks?|months?)(?:['’]s?)? (?:pay|salary|wages?)\b|\b(?:the )?full cost\b|\bhalf (?:of )?the cost\b|"
                        rf"(?:%|％|per ?cent)\s+of (?:{_PAY_QUALIFIER} ){{0,4}}(?:(?:salary|pay|earnings|wages?)"
                        rf"{_PAY_ENDS}|base(?=\s*(?:[)）.,;|\n]|\Z)))|"
                        rf"(?:工资|薪资|薪酬|月薪|年薪)(?:标准|基数|总额)?的\s*{_ZH_SHARE}|"
                        rf"按(?:本人)?(?:基本|岗位)?(?:工资|薪资|月薪|年薪)(?:标准|基数)?(?:的)?\s*{_ZH_SHARE}", re.I),
    # shares said in words: 一半, 双倍, 三倍, "double time", "time and a half", "two thirds"
    "percent": re.compile(rf"一半|半数|双倍|[{_ZH_N}]倍|"
                          r"\b(?:double|triple)\b(?!\s+(?:rooms?|beds?|decker|yellow|glazing|check|shifts?|doors?))|"
                          r"\b(?:twice|time and a (?:half|quarter)|(?:one|two) thirds?)\b|\b\d+(?:\.\d+)?\s*times\b(?!\s+(?:a|an|per|each|every)\b)",
                          re.I),
}


# a column of sums whose header gives the currency ("| Hourly rate (£ per hour) |", "金额（元/月）")
_MONEY_COLUMN = re.compile(r"[(（]\s*(?:元|万元|美元|[£$€]|usd|eur|gbp|rmb|cny)\s*(?:[/／每]\s*[^)）]{1,8}|per [a-z ]{1,12})?[)）]",
                           re.I)


def said_in_words(text: str, measure: str) -> bool:
    """Whether ``text`` states an amount in ``measure`` in words or with its unit elsewhere (:data:`_SAID_IN_WORDS`)."""
    said = _SAID_IN_WORDS.get(measure)
    return bool(said and said.search(text))


def states_any_measure(text: str, measure: str, question: str = "") -> bool:
    """:func:`states_measure`, an amount said in words or with its unit elsewhere (:func:`said_in_words`), or a column
    of sums: whether a source may state the asked amount at all."""
    return states_measure(text, measure, question) or said_in_words(text, measure) \
        or (measure == "money" and _MONEY_COLUMN.search(text) is not None)


# a statement that no amount is owed or capped: it answers "how much" without a figure ("The gym is free for all staff")
NO_AMOUNT_NEEDED = re.compile(r"\b(?:free|no charge|free of charge|at no cost|no cost|not charged|in full|no limit|unlimited|"
                              r"no cap|no upper limit|uncapped)\b|免费|不收费|不收取|无需付费|全额|不设上限|无上限|上不封顶", re.I)


# a heading that gives the unit of every figure below it: "（单位：元/月）", "(all figures in £)", "Rates (£ per hour)"
_UNIT_GIVEN = {
    "money": re.compile(r"单位\s*[:：]\s*(?:万?元|美元|欧元|英镑|港元)|[(（]\s*(?:元|万元|美元|[£$€¥￥]|usd|eur|gbp|rmb|cny)\s*"
                        r"(?:[/／每]\s*[^)）]{1,8}|per [a-z ]{1,12})?[)）]|\b(?:figures|amounts|rates|sums) (?:are )?in (?:[£$€]|pounds|"
                        r"dollars|euros|usd|eur|gbp)", re.I),
    "time": re.compile(r"单位\s*[:：]\s*(?:个?工作日|天|日|小时|分钟|周|个月|月|年)|[(（]\s*(?:working |calendar )?(?:days|hours|"
                       r"minutes|weeks|months|years)\s*[)）]", re.I),
    "percent": re.compile(r"单位\s*[:：]\s*[%％]|[(（]\s*[%％]\s*[)）]", re.I),
}


def unit_given(heading: str, measure: str) -> bool:
    """Whether ``heading`` gives the unit of ``measure`` for the figures below it (a table's section heading)."""
    pattern = _UNIT_GIVEN.get(measure)
    return bool(heading and pattern and pattern.search(heading))
