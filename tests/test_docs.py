"""The documents stay in step with the code: generated ones are current, and every document,
section and rule code the code cites exists in the repository."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from tools import balance_table

THIS = Path(__file__).resolve()
"""This file, whose examples of bad citations are not citations."""
ROOT = THIS.parent.parent
DOCS = ROOT / "docs"

CITING = ("director", "schedules", "tools", "benchmarks", "tests")
"""The folders whose files may cite the docs (with README.md and the docs themselves)."""

DOC_CITATION = re.compile(r"\bdocs/([\w.-]+\.md)(?:#([\w-]+))?")
"""`docs/laws.md` or `docs/laws.md#new-deal`, as code, comments and help cite a document."""

MD_LINK = re.compile(r"\]\(([^)\s]+)\)")
"""The target of a markdown link."""

STALE = re.compile(
    r"decisions\.md|seed\s+lines?\b|scoring-research|movements-research|movement-math\b",
    re.IGNORECASE,
)
"""Citations of notes kept outside the repository (research notes, and the line
numbers of a source text the repository does not hold)."""

RULE_CODE = re.compile(r"(?<![\w.])([WM]\d+(?:\.\d+)?[a-z]?)\b")
"""A scoring rule code as the scoring cites it: "W2", "W14.4", "W7b", "M3"."""

READING_CODE = re.compile(r"\((A\d+)\)")
"""A reading of the revoke law as the scoring cites it: "(A6)"."""


def where(path: Path) -> str:
    """`path` as the failure messages name it: from the repository's root when inside it."""
    return path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name


def slug(heading: str) -> str:
    """The anchor a heading gets on GitHub: lower case, punctuation dropped, spaces to hyphens.

    >>> slug("W14.4 Pair matches: record, cap, then the full penalty")
    'w144-pair-matches-record-cap-then-the-full-penalty'
    >>> slug("Foster's ladies and gentlemen")
    'fosters-ladies-and-gentlemen'
    """
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def headings(doc: Path) -> list[str]:
    """The headings of a markdown file, outside code blocks."""
    found, fenced = [], False
    for line in doc.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (m := re.match(r"#+\s+(.*)", line)):
            found.append(m.group(1))
    return found


def anchors(doc: Path) -> set[str]:
    """Every anchor a link can name in `doc` (a repeated heading gets -1, -2, ...)."""
    seen: dict[str, int] = {}
    out = set()
    for h in headings(doc):
        s = slug(h)
        out.add(f"{s}-{seen[s]}" if s in seen else s)
        seen[s] = seen.get(s, 0) + 1
    return out


def sources() -> Iterator[Path]:
    """Every file that may cite a document: Python and markdown under the citing folders,
    README.md and docs/*.md."""
    for folder in CITING:
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in (".py", ".md") and path != THIS:
                yield path
    yield ROOT / "README.md"
    yield from sorted(DOCS.glob("*.md"))


def unresolved(target: Path, anchor: str | None) -> str | None:
    """Why a citation of `target` (and `anchor`) does not resolve; None when it does."""
    if not target.is_file():
        return "no such file"
    if anchor is not None and anchor not in anchors(target):
        return f"no section #{anchor}"
    return None


def broken_citations(paths: Iterable[Path]) -> list[str]:
    """`file:line: citation (reason)` for every docs/*.md citation or markdown link to a
    document that does not resolve."""
    out = []
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            cited = [(DOCS / m[1], m[2] or None, m[0]) for m in DOC_CITATION.finditer(line)]
            if path.suffix == ".md":
                for m in MD_LINK.finditer(line):
                    file, _, anchor = m[1].partition("#")
                    if "://" in m[1] or not (file.endswith(".md") or not file):
                        continue
                    target = (path.parent / file).resolve() if file else path
                    cited.append((target, anchor or None, m[1]))
            for target, anchor, text in cited:
                if (why := unresolved(target, anchor)) is not None:
                    out.append(f"{where(path)}:{number}: {text} ({why})")
    return out


def stale_citations(paths: Iterable[Path]) -> dict[str, list[str]]:
    """Per file, the lines citing a note that is not in the repository."""
    out: dict[str, list[str]] = {}
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if STALE.search(line):
                out.setdefault(where(path), []).append(f"{number}: {line}")
    return out


def cited_codes(pattern: re.Pattern[str], paths: Iterable[Path], group: int = 1) -> dict[str, str]:
    """Each code `pattern` finds in `paths` (its `group`), with the first place citing it."""
    out: dict[str, str] = {}
    for path in paths:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for m in pattern.finditer(line):
                out.setdefault(m[group], f"{where(path)}:{number}")
    return out


def code_headings(doc: Path) -> set[str]:
    """The codes that head sections of `doc`: "W14.4" for "W14.4 Pair matches: ..."."""
    return {h.split()[0] for h in headings(doc) if h.split()}


# -- generated documents ---------------------------------------------------------------------


@pytest.mark.slow
def test_balance_table_is_what_the_tool_generates_now() -> None:
    written = (ROOT / "docs" / "balance-table.md").read_text(encoding="utf-8")
    assert written == balance_table.table(), "run: .venv/bin/python tools/balance_table.py"


def _shortened_rows(text: str) -> dict[str, float]:
    """Our best index per "T tables R rounds" in the shortened Howells' table: the highest of
    the plain, interwoven and reseated columns."""
    best: dict[str, float] = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 8 and cells[0].isdigit() and cells[1].isdigit():
            ours = [float(c) for c in (cells[3], cells[4], cells[5]) if c != "-"]
            best[f"{cells[0]} tables {cells[1]} rounds"] = max(ours)
    return best


def _verdicts(text: str) -> dict[str, str]:
    """Size -> "ahead", "level" or "behind", as the verdict line says."""
    line = next(x for x in text.splitlines() if x.startswith("Against the published shortened"))
    found: dict[str, str] = {}
    for part in line.split("is ", 1)[1].rstrip(".").split("; "):
        verdict, _, sizes = part.partition(" at ")
        found.update(dict.fromkeys(sizes.split(", "), verdict))
    return found


def test_every_ahead_or_level_claim_holds_against_the_published_movements_we_hold() -> None:
    """Each published shortened Howell in tests/data with a full field, its index computed
    now: where the table claims ours ahead, ours is higher; where level, the same."""
    from schedules.balance import balance
    from schedules.jsonio import load_movement

    text = (ROOT / "docs" / "balance-table.md").read_text(encoding="utf-8")
    ours, verdicts = _shortened_rows(text), _verdicts(text)
    checked = 0
    for path in sorted((ROOT / "tests" / "data" / "movements").glob("*.json")):
        movement = load_movement(path)
        if movement.promise != "howell" or len(movement.field) != 2 * movement.tables:
            continue
        size = f"{movement.tables} tables {movement.rounds} rounds"
        theirs = round(balance(movement).index, 2)
        verdict = verdicts.get(size)
        if verdict == "ahead":
            assert ours[size] > theirs, (size, path.name)
        elif verdict == "level":
            assert ours[size] >= theirs, (size, path.name)
        if size in ours and ours[size] == theirs:
            assert verdict != "ahead", (size, path.name)
        checked += verdict is not None
    assert checked >= 10


# -- citations resolve -----------------------------------------------------------------------


def test_every_cited_document_and_section_exists() -> None:
    assert broken_citations(sources()) == []


def test_the_code_cites_the_docs_at_all() -> None:
    """The check above reads real citations: the code does cite each document and sections."""
    cited = cited_codes(DOC_CITATION, (p for p in sources() if p.parent != DOCS), group=0)
    for doc in ("docs/laws.md", "docs/scoring-rules.md", "docs/movement-rules.md"):
        assert doc in cited
    assert "docs/movement-rules.md#fosters-ladies-and-gentlemen" in cited


def test_a_missing_document_or_section_is_found(tmp_path: Path) -> None:
    source = tmp_path / "cites.py"
    source.write_text(
        '"""See docs/laws.md#new-deal, docs/laws.md#no-such-section and docs/nowhere.md."""\n'
    )
    found = [line.split(": ", 1)[1] for line in broken_citations([source])]
    assert found == [
        "docs/laws.md#no-such-section (no section #no-such-section)",
        "docs/nowhere.md (no such file)",
    ]


def test_the_readme_links_the_docs() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for doc in ("laws.md", "scoring-rules.md", "movement-rules.md", "architecture.md"):
        assert f"](docs/{doc})" in readme


def test_nothing_cites_notes_outside_the_repository() -> None:
    assert stale_citations(sources()) == {}


def test_a_stale_citation_is_found(tmp_path: Path) -> None:
    source = tmp_path / "cites.py"
    source.write_text("# the rule (decisions.md)\nx = 1  # Foster, seed line 17\n# fine\n")
    assert list(stale_citations([source]).values()) == [
        ["1: # the rule (decisions.md)", "2: x = 1  # Foster, seed line 17"]
    ]


# -- rule codes --------------------------------------------------------------------------------


def director_sources() -> list[Path]:
    """Where the scoring rule codes are cited: the director's code and the README."""
    return [*sorted((ROOT / "director").rglob("*.py")), ROOT / "README.md"]


def test_every_scoring_rule_code_has_its_section() -> None:
    cited = cited_codes(RULE_CODE, director_sources())
    assert {"W1", "W14", "W14.4", "W7b", "M1", "M4"} <= set(cited)  # the search finds them
    defined = code_headings(DOCS / "scoring-rules.md")
    assert {code: where for code, where in cited.items() if code not in defined} == {}


def test_every_reading_code_has_its_section() -> None:
    cited = cited_codes(READING_CODE, sorted((ROOT / "director" / "scoring").rglob("*.py")))
    assert "A6" in cited
    defined = code_headings(DOCS / "scoring-rules.md")
    assert {code: where for code, where in cited.items() if code not in defined} == {}


def test_scoring_rules_define_w1_to_w14_and_m1_to_m7() -> None:
    defined = code_headings(DOCS / "scoring-rules.md")
    assert {f"W{n}" for n in range(1, 15)} <= defined
    assert {f"M{n}" for n in range(1, 8)} <= defined
