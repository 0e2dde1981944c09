"""A work the question names in title marks that the asked fact's sentence never names (evidence v82, Chinese; signal
``title_unnamed``, ``refuse_unnamed_titles``): "《宇宙奇兵》是何时被改编的？" answered by a dated sentence of a programme
listing that names other shows, "发行专辑《情人嘉丽》时潘嘉丽有什么不同？" by a sentence about her other albums.

《》 marks a title (a book, an album, a film, a regulation) and nothing else, so the sentence that states a fact of that
work names it, or stands in a source whose title or heading does ("《员工手册》规定的试用期是多久？" is answered by a
sentence of 员工手册 that never repeats its name). Separators and spaces aside (《Real World》 / 《real world》).
"""

from __future__ import annotations

import re

from rag.text import compact

_TITLED = re.compile(r"《([^《》]+)》")


def titles_in(question: str) -> list[str]:
    """The works ``question`` names in title marks, as written."""
    return [title for title in _TITLED.findall(question) if compact(title)]


def title_unnamed(question: str, read: str) -> str | None:
    """The first work ``question`` names in title marks that ``read`` (the asked fact's sentence with its source's title
    and heading) never names; None when it names every one, or the question names none."""
    written = compact(read)
    return next((title for title in titles_in(question) if compact(title) not in written), None)
