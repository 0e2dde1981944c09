"""Hostile review of the English branch of ``event_unsaid`` (evidence v81, rag.answerability.event_verbs).

Every case asserts what a careful user would WANT: an answerable question gets ``[]`` (no objection), an
unanswerable one (the dated sentence is about another event of the same subject) gets a non-empty list.
Cases the current rule gets wrong are ``xfail(strict=True)``: FALSE REFUSAL, MISS or CRASH in the reason. The review
is why the rule is off by default (``english_events``; docs/answerability.md, "The asked event in English").
"""

from __future__ import annotations

import pytest

from rag.answerability.event_verbs import english_event_words, event_unsaid


def unsaid(question: str, sentence: str, others: list[str] | None = None, subject: str = "") -> list[str]:
    return event_unsaid(question, sentence, "date", others, subject, english=True)


def fr(reason: str):  # an answerable question the rule refuses
    return pytest.mark.xfail(strict=True, reason=f"FALSE REFUSAL: {reason}")


def miss(reason: str):  # an unanswerable question the rule lets through
    return pytest.mark.xfail(strict=True, reason=f"MISS: {reason}")


# --------------------------------------------------------------------------------------------------------------------
# 1. Answerable questions: the dated sentence states the event, in its own words. Wanted: [] (no objection).
# --------------------------------------------------------------------------------------------------------------------

ANSWERABLE = [
    # irregular verbs, resolved by lemminflect
    pytest.param("When did the Titanic sink?",
                 "RMS Titanic sank in the North Atlantic Ocean on 15 April 1912.", None, "Titanic", id="irregular-sank"),
    pytest.param("When did the emperor flee the capital?",
                 "The emperor fled to Sichuan in 756.", None, "Emperor Xuanzong of Tang", id="irregular-fled"),
    pytest.param("When did Beyonce rise to fame?",
                 "She rose to fame in the late 1990s as lead singer of the girl group Destiny's Child.", None,
                 "Beyoncé", id="squad-rose-to-fame"),
    # -ing nominalisation (lemminflect gives opening -> open)
    pytest.param("When was the bridge opened?",
                 "The bridge's opening on 30 June 1894 drew large crowds.", None, "Tower Bridge", id="nominal-opening"),
    pytest.param("When was the treaty signed?",
                 "The signing took place on 28 June 1919 in the Hall of Mirrors.", None, "Treaty of Versailles",
                 id="nominal-signing"),
    # passive question, active sentence
    pytest.param("When was Londinium founded by the Romans?",
                 "The Romans founded Londinium in the year 47, on the north bank of the Thames.", None, "London",
                 id="passive-active-founded"),
    # "take place" with the event noun in the title: nothing left to check
    pytest.param("When did the Battle of Hastings take place?",
                 "The battle was fought on 14 October 1066.", None, "Battle of Hastings", id="take-place-titled"),
    # "first" is a light word
    pytest.param("When did Brazil first win the World Cup?",
                 "Brazil won its first World Cup in 1958 in Sweden.", None, "Brazil national football team",
                 id="first-win"),
    # possessive in the question
    pytest.param("When was the museum's new wing opened?",
                 "The museum opened its new wing in 1993.", None, "Louvre", id="possessive"),
    # "one million" written out, digits in the source
    pytest.param("When did Trailmate reach one million downloads?",
                 "Trailmate passed 1,000,000 downloads in March 2020.", None, "Trailmate", id="number-written-out"),
    # "When did the war end?" vs "The war ended in 1945"
    pytest.param("When did the war end?",
                 "The war ended in 1945 with the surrender of Japan.", None, "World War II", id="war-ended"),
    # the event stated in another dated window of the same source
    pytest.param("When did the bridge open?", "Construction began in 1885.",
                 ["The bridge opened to traffic on 4 March 1890."], "Forth Bridge", id="other-window-states-it"),
    # lower case, no question mark
    pytest.param("when did the titanic sink", "RMS Titanic sank on 15 April 1912.", None, "Titanic",
                 id="lowercase-no-qmark"),
    pytest.param("When was the Eiffel Tower completed", "The tower was completed in March 1889.", None, "Eiffel Tower",
                 id="no-qmark"),
    # a timetable answers "when does it open" with a clock time (exempt)
    pytest.param("When does the museum open?", "The museum opens at 9:00 on weekdays and at 10:00 on Sundays.", None,
                 "Louvre", id="schedule-clock-exempt"),
    # a mixed-script question goes neither way and must not refuse the answer
    pytest.param("When did 华为 launch the Mate 60?", "华为 launched the Mate 60 in August 2023.", None, "Huawei",
                 id="mixed-chinese-answerable"),
    # fullwidth question mark, curly apostrophe
    pytest.param("When was the museum’s wing opened？", "The museum’s wing was opened in 1993.", None, "Louvre",
                 id="fullwidth-qmark-curly-apostrophe"),

    # ---- the rule refuses these answerable questions ----
    pytest.param("When was Charles Dickens born?",
                 "Charles Dickens (7 February 1812 – 9 June 1870) was an English novelist and social critic.", None,
                 "Charles Dickens", marks=fr("a biography's lifespan parenthesis states birth without 'born'"),
                 id="born-lifespan"),
    pytest.param("When did Dickens die?",
                 "Dickens's death on 9 June 1870 followed a stroke at Gad's Hill Place.", None, "Charles Dickens",
                 marks=fr("die vs death: lemminflect does not link derivations"), id="die-death"),
    pytest.param("When did Mozart die?", "Mozart passed away in Vienna on 5 December 1791.", None,
                 "Wolfgang Amadeus Mozart", marks=fr("die vs passed away (synonym)"), id="die-passed-away"),
    pytest.param("When was penicillin discovered?",
                 "Alexander Fleming's discovery of penicillin in 1928 transformed medicine.", None, "Penicillin",
                 marks=fr("discovered vs discovery (nominalisation)"), id="nominal-discovery"),
    pytest.param("When did the Normans conquer England?",
                 "The Norman conquest in 1066 ended Anglo-Saxon rule.", None, "Anglo-Saxon England",
                 marks=fr("conquer vs conquest (nominalisation)"), id="nominal-conquest"),
    pytest.param("When did the Mayflower arrive in America?",
                 "Its arrival at Plymouth in December 1620 marked the founding of the colony.", None, "Mayflower",
                 marks=fr("arrive vs arrival (nominalisation)"), id="nominal-arrival"),
    pytest.param("When was the company set up?", "Acme was founded in Ohio in 1921.", None, "Acme Corporation",
                 marks=fr("phrasal 'set up' vs 'founded'"), id="phrasal-set-up"),
    pytest.param("When was Johns Hopkins University founded?",
                 "The university was established in 1876 with a bequest from Johns Hopkins.", None,
                 "Johns Hopkins University",
                 marks=fr("the subject noun is struck by the title, founded vs established"), id="founded-established"),
    pytest.param("When did the coronation take place?",
                 "Elizabeth was crowned in Westminster Abbey on 2 June 1953.", None, "Elizabeth II",
                 marks=fr("coronation vs crowned"), id="coronation-crowned"),
    pytest.param("When was Elizabeth crowned?", "Her coronation took place on 2 June 1953.", None, "Elizabeth II",
                 marks=fr("crowned vs coronation"), id="crowned-coronation"),
    pytest.param("When did Armstrong first walk on the Moon?",
                 "Armstrong became the first person to step onto the lunar surface on July 21, 1969.", None,
                 "Neil Armstrong", marks=fr("walk on vs step onto"), id="first-walk-step"),
    pytest.param("When was the festival organised?", "It was first organized by Michael Eavis in 1970.", None,
                 "Glastonbury Festival", marks=fr("British organised vs American organized"), id="british-spelling"),
    pytest.param("When was the ceasefire?", "A cease-fire came into force on 27 July 1953.", None, "Korean War",
                 marks=fr("ceasefire vs cease-fire (hyphenation)"), id="hyphenated"),
    pytest.param("When did the city's population reach a million?", "Lagos had 1,000,000 inhabitants by 1963.", None,
                 "Lagos", marks=fr("'a million' vs 1,000,000 and population vs inhabitants"), id="million-digits"),
    pytest.param("When was the Forth Bridge opened?",
                 "The bridge was opened by the Prince of Wales. The ceremony took place on 4 March 1890.", None,
                 "Forth Bridge", marks=fr("two-sentence window: the verb and the date in adjacent sentences"),
                 id="multi-sentence-window"),
    pytest.param("When was Lincoln shot?", "Lincoln was assassinated by John Wilkes Booth on April 14, 1865.", None,
                 "Assassination of Abraham Lincoln", marks=fr("title names the event; shot vs assassinated"),
                 id="title-is-the-event"),
    pytest.param("When did the war end?", "Japan formally surrendered on 2 September 1945.", None, "World War II",
                 marks=fr("end vs surrendered"), id="war-end-surrender"),
    pytest.param("When did the French Revolution begin?",
                 "The revolution started in 1789 with the storming of the Bastille.", None, "French Revolution",
                 marks=fr("begin vs started (the commonest synonym pair)"), id="begin-started"),
    pytest.param("When did the Second World War start?",
                 "War broke out in September 1939 when Germany invaded Poland.", None, "World War II",
                 marks=fr("start vs broke out"), id="start-broke-out"),
    pytest.param("When did Marie Curie win the Nobel Prize in Chemistry?",
                 "She was awarded the Nobel Prize in Chemistry in 1911.", None, "Marie Curie",
                 marks=fr("win vs awarded; 'Nobel Prize' dropped as a name"), id="win-awarded"),
    pytest.param("When did Tim Cook become CEO?", "Cook was named chief executive officer in August 2011.", None,
                 "Tim Cook", marks=fr("CEO is dropped as a capitalised name; become vs named"), id="acronym-ceo"),
    pytest.param("When did Facebook hold its IPO?", "Facebook went public on May 18, 2012.", None, "Meta Platforms",
                 marks=fr("IPO dropped as a name, leaving only 'hold'"), id="acronym-ipo"),
    pytest.param("When did Johnny Cash marry June Carter?", "Cash and Carter wed in 1968.", None, "Johnny Cash",
                 marks=fr("marry vs wed"), id="marry-wed"),
    pytest.param("When did the eruption occur?", "Mount Vesuvius erupted in October 79, burying Pompeii.", None,
                 "Mount Vesuvius", marks=fr("eruption vs erupted; 'occur' is not a light verb"),
                 id="eruption-occur"),
    pytest.param("When is the festival held?", "The Fringe takes place every August.", None,
                 "Edinburgh Festival Fringe", marks=fr("held vs takes place"), id="held-takes-place"),
    pytest.param("When did Lehman Brothers go bankrupt?", "Lehman filed for bankruptcy on September 15, 2008.", None,
                 "Lehman Brothers", marks=fr("bankrupt vs bankruptcy"), id="bankrupt-bankruptcy"),
    pytest.param("When was the Eiffel Tower built?", "Construction of the tower lasted from 1887 to 1889.", None,
                 "Eiffel Tower", marks=fr("built vs construction"), id="built-construction"),
    pytest.param("When was Obama elected president?", "Obama won the 2008 presidential election.", None,
                 "Barack Obama", marks=fr("elected/president vs election/presidential"), id="elected-election"),
    pytest.param("When did Victoria become queen?", "Victoria succeeded to the throne on 20 June 1837.", None,
                 "Queen Victoria", marks=fr("become queen vs succeeded to the throne"), id="become-queen"),
    pytest.param("When was the cathedral finished?", "The cathedral was \ufb01nished in 1260.", None,
                 "Chartres Cathedral", marks=fr("PDF ligature 'ﬁ' splits the word"), id="unicode-ligature"),
    pytest.param("When was the bridge opened?", "The bridge was op\u00adened to traffic in 1890.", None,
                 "Forth Bridge", marks=fr("soft hyphen inside the word"), id="unicode-soft-hyphen"),
]


@pytest.mark.parametrize(("question", "sentence", "others", "subject"), ANSWERABLE)
def test_answerable_not_refused(question: str, sentence: str, others: list[str] | None, subject: str) -> None:
    assert unsaid(question, sentence, others, subject) == []


# --------------------------------------------------------------------------------------------------------------------
# 2. Unanswerable questions: the dated sentence is about ANOTHER event of the same subject. Wanted: a refusal.
# --------------------------------------------------------------------------------------------------------------------

UNANSWERABLE = [
    pytest.param("When did Trailmate reach a million downloads?",
                 "The app was briefly removed from one app store in 2021.", None, "Trailmate", id="brief-example"),
    pytest.param("When was the cathedral rebuilt?", "The cathedral was first built in the 4th century.", None,
                 "Chartres Cathedral", id="rebuilt-vs-built"),
    pytest.param("When did the museum reopen?", "The museum opened in 1793.",
                 ["The museum closed for renovation in 2019."], "Louvre Museum", id="reopen-vs-open-close"),
    pytest.param("When did the Berlin Wall fall?", "Construction of the wall began on 13 August 1961.", None,
                 "Berlin Wall", id="fall-vs-construction"),
    pytest.param("When was Mozart born?", "Mozart died in Vienna on 5 December 1791.", None,
                 "Wolfgang Amadeus Mozart", id="born-vs-died"),
    pytest.param("When did Jane Doe resign?", "Doe was appointed minister on Friday.", None, "Jane Doe",
                 id="news-on-friday-not-exempt"),
    pytest.param("When did Tim Cook become CEO?", "Tim Cook joined Apple in March 1998.", None, "Apple Inc.",
                 id="proper-case-name-dropped"),

    # ---- the rule lets these through ----
    pytest.param("When did the app reach a million downloads?",
                 "The app was briefly removed from one app store in 2021.", None, "Trailmate",
                 marks=miss("the subject noun 'app' (not in the title) counts as the event"), id="subject-noun-app"),
    pytest.param("When did the war end?", "The war began in 1618 with the Defenestration of Prague.", None,
                 "Habsburg Monarchy", marks=miss("'war' matches; end vs began never compared"), id="end-vs-began"),
    pytest.param("When did the company stop making cars?", "The company began making cars in 1902.", None,
                 "Studebaker", marks=miss("object noun 'cars' matches the opposite event"), id="stop-vs-began"),
    pytest.param("When was the treaty ratified by the United States?",
                 "The US Senate refused to ratify the treaty in 1920.", None, "Treaty of Versailles",
                 marks=miss("negated event ('refused to ratify') counts as stated"), id="negated-event"),
    pytest.param("When was the suspect arrested?", "The shooting began at 1:05 a.m. on August 4, 2019.", None,
                 "2019 Dayton shooting", marks=miss("a clock time in a news report exempts every event"),
                 id="news-clock-exempt"),
    pytest.param("When did the strike end?", "The strike began in June 2022, with walkouts on Tuesdays and Thursdays.",
                 None, "2022 rail strike", marks=miss("plural weekdays in news prose exempt it as a schedule"),
                 id="plural-weekdays-exempt"),
    pytest.param("When did Šimek resign?", "Šimek was appointed minister in 2010.", None, "Czech government",
                 marks=miss("non-ASCII capital: 'Šimek' is split into 'imek', kept as an event word"),
                 id="unicode-name-fragment"),
    pytest.param("When did the café close?", "The café opened in 1887.", None, "Saint-Germain-des-Prés",
                 marks=miss("accented noun split into 'caf', which matches"), id="unicode-accented-noun"),
    pytest.param("when did tim cook become ceo", "Tim Cook joined Apple in March 1998.", None, "Apple Inc.",
                 marks=miss("a lower-case question keeps the name as event words"), id="lowercase-name"),
    pytest.param("When exactly did Trailmate reach a million downloads?",
                 "The app was briefly removed from one app store in 2021.", None, "Trailmate",
                 marks=miss("'When exactly did' is not read as a when-question"), id="when-exactly"),
    pytest.param("What was the date of Mozart's death?", "Mozart was born in Salzburg on 27 January 1756.", None,
                 "Wolfgang Amadeus Mozart", marks=miss("'What was the date of …' is not read"), id="what-was-the-date"),
    pytest.param("When Did The Berlin Wall Fall?", "The wall was built in 1961.", None, "Berlin Wall",
                 marks=miss("a Title Case question drops every word as a name"), id="title-case-question"),
    pytest.param("When did Beckham leave Manchester United?",
                 "Beckham played on the left wing and signed professionally in 1993.", None, "David Beckham",
                 marks=miss("homograph: 'left' (wing) lemmatises to leave"), id="homograph-left"),
    pytest.param("When did Marie Curie win her second Nobel Prize?",
                 "She won the Nobel Prize in Physics in 1903.", None, "Marie Curie",
                 marks=miss("ordinal 'second' ignored once 'win' matches"), id="second-prize"),
    pytest.param("When did the band break up?", "The band was formed in Liverpool in 1960.", None, "The Beatles",
                 marks=miss("the subject noun 'band' counts as the event"), id="subject-noun-band"),
]


@pytest.mark.parametrize(("question", "sentence", "others", "subject"), UNANSWERABLE)
def test_unanswerable_refused(question: str, sentence: str, others: list[str] | None, subject: str) -> None:
    assert unsaid(question, sentence, others, subject)


# --------------------------------------------------------------------------------------------------------------------
# 3. Crash / robustness attacks.
# --------------------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("question", "sentence"), [
    ("", ""),
    ("When did the war end?", ""),
    ("", "The war ended in 1945."),
    ("?", "?"),
    ("When did?", "In 1945."),
    ("When was the \u200bbridge\u200b opened?", "The \u200bbridge opened in 1890. 🎉"),
    ("When did the بنك open?", "The bank opened in 1990."),
    ("   \n When did the war end ?\n", "The war ended in 1945."),
])
def test_degenerate_inputs_return_a_list(question: str, sentence: str) -> None:
    result = event_unsaid(question, sentence, "date", None, "", english=True)
    assert isinstance(result, list)


def test_empty_sentence_no_objection() -> None:
    assert unsaid("When did the war end?", "", None, "World War II") == []


def test_huge_sentence() -> None:
    filler = " ".join(["The committee met to discuss budgets."] * 1600)   # ~10,000 words, many sentences
    result = unsaid("When did Trailmate reach a million downloads?", filler + " The app was removed in 2021.", None,
                    "Trailmate")
    assert result   # still refused


def test_huge_question() -> None:
    question = "When did " + " ".join(f"word{i} thing" for i in range(5000)) + " happen?"
    result = unsaid(question, "The thing happened in 1990.", None, "")
    assert result == []


def test_many_other_windows() -> None:
    others = [f"The app was updated in {1900 + i % 120}." for i in range(2000)]
    assert unsaid("When did Trailmate reach a million downloads?", "It launched in 2015.", others, "Trailmate")


def test_event_words_of_brief_example() -> None:
    assert english_event_words("When did Trailmate reach a million downloads?") == ["reach", "million", "downloads"]
