"""A work the question names in title marks that the asked fact's sentence never names (evidence v82, Chinese; signal
``title_unnamed``, ``refuse_unnamed_titles``): "《宇宙奇兵》是何时被改编的？" answered by a dated sentence of a programme
listing that names other shows, "发行专辑《情人嘉丽》时潘嘉丽有什么不同？" by a sentence about her other albums.

《》 marks a title (a book, an album, a film, a regulation) and nothing else, so the sentence that states a fact of that
work names it, or stands in a source whose title or heading does ("《员工手册》规定的试用期是多久？" is answered by a
sentence of 员工手册 that never repeats its name). Compared in NFKC form with separators and case aside (《Real World》 /
REAL WORLD, 《ＸＹＺ》 / XYZ). A title counts as named:

- without an edition note in brackets (《员工手册（2023版）》 is 员工手册);
- when the source's title or a heading of it stands inside the asked one (《星辰科技员工手册》 against 员工手册,
  《中华人民共和国劳动合同法》 against 劳动合同法);

and a title that only tells which person is asked about is not read ("演唱《青花瓷》的歌手出生于哪一年？",
"《红楼梦》的作者曹雪芹是哪一年去世的？": that person's own entry answers and need not name the work).
"""

from __future__ import annotations

import re
import unicodedata

from rag.text import compact

_TITLED = re.compile(r"《([^《》]+)》")
# an edition or a version in brackets inside the marks: 《员工手册（2023版）》
_NOTE = re.compile(r"[（(][^（）()]*[）)]")
# …的 and a word for a person, right after the marks: the question asks about that person (the singer, the author)
_PERSON_AFTER = re.compile(r"^的[\u4e00-\u9fff]{0,3}?(?:者|手|家|人|员|演|导|角|编剧|作曲|作词|主持|主编|主唱)")
_SHORTEST_SOURCE_TITLE = 3   # a source titled in two characters (手册, 制度) stands inside too many asked titles


def _plain(text: str) -> str:
    return compact(unicodedata.normalize("NFKC", text))


def titles_in(question: str) -> list[str]:
    """The works ``question`` names in title marks, as written, but for those that only tell which person is asked
    about (《青花瓷》的歌手)."""
    return [match.group(1) for match in _TITLED.finditer(question)
            if _plain(match.group(1)) and not _PERSON_AFTER.match(question[match.end():])]


def title_unnamed(question: str, read: str, source_titles: tuple[str, ...] = ()) -> str | None:
    """The first work ``question`` names in title marks that ``read`` (the asked fact's sentence with its source's title
    and heading) never names; None when it names every one, or the question names none. ``source_titles``: the
    source's title and headings, each of which names the work when it stands inside the asked title."""
    written = _plain(read)
    held = [plain for plain in map(_plain, source_titles) if len(plain) >= _SHORTEST_SOURCE_TITLE]
    for title in titles_in(question):
        asked = _plain(_NOTE.sub("", title)) or _plain(title)
        if asked not in written and not any(plain in asked for plain in held):
            return title
    return None
