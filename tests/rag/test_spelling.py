"""Chat spellings written out before the question is read (rag.transforms.spelling)."""

from __future__ import annotations

import pytest

from rag.transforms import transforms
from rag.transforms.spelling import written_out


@pytest.mark.parametrize(("question", "written"), [
    # blind dev shop-en / office-en / kb-zh: words no source writes that way
    ("how much dosh goes in the till when u open up in the morning",
     "how much money goes in the till when you open up in the morning"),
    ("want xmas week off this year, when's the cut off for asking?",
     "want Christmas week off this year, when's the cut off for asking?"),
    ("some bloke nicked a bottle n legged it, shud i run after him?",
     "some bloke nicked a bottle and legged it, should i run after him?"),
    ("when do our wages actually land lol", "when do our wages actually land"),
    ("can u?", "can you?"),
    ("Xmas party 2moro?", "Christmas party tomorrow?"),
    ("连vpn报720 咋处理？硬件变更啥时候才能动", "连vpn报720 怎么处理？硬件变更什么时候才能动"),
    ("俺家下水道堵了", "我家下水道堵了"),
    # spelling v4, blind dev city-en / air-en: abbreviations and words of the chat register
    ("out on site visits all day incl over lunch, how much can i put in for food",
     "out on site visits all day including over lunch, how much can i put in for food"),
    ("landing round midnight and no trains - can i get a cab on expenses?",
     "landing round midnight and no trains - can i get a taxi on expenses?"),
    ("covering on the bank hol monday", "covering on the bank holiday monday"),
    ("my 13 yr old wants a go", "my 13 year old wants a go"),
    ("Is the Cab Office open?", "Is the Cab Office open?"),     # a name in capitals is left
    # spelling v5, blind dev lib-en / air-en: "ring" as a verb of the telephone, the boss, a death said gently
    ("feeling rough - what time do i have to ring the boss by?", "feeling rough - what time do i have to call the manager by?"),
    ("crewlink wont take it, who do i ring", "crewlink wont take it, who do i call"),
    ("please ring 999 first?", "please call 999 first?"),
    ("Do I ring in sick before 7?", "Do I call in sick before 7?"),
    ("my mum passed away last night, how many days off do i get",
     "my mother died last night, how many days off do i get"),
    ("Is the ring road closed for the marathon?", "Is the ring road closed for the marathon?"),
    ("Can I claim a ring binder?", "Can I claim a ring binder?"),
    ("i lost my wedding ring at work", "i lost my wedding ring at work"),
    ("Is the Boss Hotel in tier 1?", "Is the Boss Hotel in tier 1?"),
    # blind dev wuye-zh (spelling v2): a dialect particle that ends a clause, and 好多 asking how much
    ("我想一口气把一年的物业费都交了，有没有啥优惠撒？", "我想一口气把一年的物业费都交了，有没有什么优惠？"),
    ("过年那几天上班有没有多的补助哦，一天给好多？", "过年那几天上班有没有多的补助，一天给多少？"),
    ("好多人都去了吗？", "好多人都去了吗？"),          # 好多 that says many
    ("哦，那年假呢？", "哦，那年假呢？"),                # a particle that opens the message is left
    ("撒网捕鱼要办证吗？", "撒网捕鱼要办证吗？"),        # 撒 the verb
    # left as they are: a capital letter is a grade, a unit or a name; a letter in a formula or a list;
    # a word that only contains a spelling
    ("Is a U grade a fail?", "Is a U grade a fail?"),
    ("Was the sample size n = 12 or more?", "Was the sample size n = 12 or more?"),
    ("What is the N number on my payslip?", "What is the N number on my payslip?"),
    ("u. Submit the form", "u. Submit the form"),
    ("Is the lollipop lady on duty? Who runs the nursery?", "Is the lollipop lady on duty? Who runs the nursery?"),
    ("Is bucks fizz served at the Bucks office party?", "Is bucks fizz served at the Bucks office party?"),
    # self-attack: an acronym in capitals, a city, an abbreviation with full stops, a Latin phrase
    ("Does the canteen soup contain MSG?", "Does the canteen soup contain MSG?"),
    ("Is the dig at Ur on the syllabus?", "Is the dig at Ur on the syllabus?"),
    ("Do the rules for u.s. staff differ?", "Do the rules for u.s. staff differ?"),
    ("Is a gift a quid pro quo?", "Is a gift a quid pro quo?"),
    ("LOL what is the cap", "LOL what is the cap"),
])
def test_chat_spellings_are_written_out(question: str, written: str) -> None:
    assert written_out(question) == written


def test_the_transform_rewrites_the_question_only_when_it_has_a_chat_spelling() -> None:
    transform = transforms.build("spelling")
    rewritten = transform("when u open the till", None)  # type: ignore[arg-type]
    assert [(v.text, v.kind) for v in rewritten] == [("when you open the till", "rewrite")]
    kept = transform("When do I open the till?", None)  # type: ignore[arg-type]
    assert [(v.text, v.kind) for v in kept] == [("When do I open the till?", "original")]
    assert "spelling" in transforms.names()
