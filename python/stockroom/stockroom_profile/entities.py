"""Typed values in a request (URLs, e-mail addresses, files, owner/repo, #channels, @users) and quoted or named
values: a port of search/analysis/entities.ts with the same regexes, JavaScript's ``\\b``, ``\\s`` and ``\\p{…}``
spelled out (Python's differ)."""

from __future__ import annotations

import re
from typing import List, Tuple

from .unicode import JS_SPACE, LETTER, NUMBER, utf16_len

__all__ = ["extract_entities"]

_LN = LETTER + NUMBER
_W = "A-Za-z0-9_"
# JavaScript's \b (ASCII word characters), before a word character.
_B = "(?<![%s])" % _W

_URL = re.compile(_B + r"(?:https?://|www\.)[^%s<>\"'`]+" % JS_SPACE, re.I)
_EMAIL = re.compile(r"[%s._%%+-]+@[%s-]+(?:\.[%s-]+)+" % (_LN, _LN, _LN))
_PATH = re.compile(
    r"(?<![%s])(?:~|\.{1,2}|[A-Za-z]:)?(?:[\\/][%s._-]+)+[\\/]?" % (_LN, _LN)
    + r"|(?<![%s.])\.?[%s_-]+\.(?:[a-z][a-z0-9]{0,4})(?![%s])" % (_LN, _LN, _LN)
)
_CHANNEL = re.compile(r"(?<![%s&#])#[%s_][%s_-]*" % (_LN, LETTER, _LN))
_MENTION = re.compile(r"(?<![%s@])@[%s_][%s_.-]*" % (_LN, LETTER, _LN))
_OWNER_REPO = re.compile(r"(?<![%s_./~-])([A-Za-z0-9][\w.-]*)/[A-Za-z][\w-]*(?:\.js)?(?![\w/.])" % _LN, re.A)
_KNOWN_FILES = re.compile(
    r"(?<![%s./])(?:readme|dockerfile|makefile|changelog|procfile|gemfile|jenkinsfile|\.gitignore|\.env|\.npmrc"
    r"|\.bashrc|\.zshrc)(?![%s.])" % (_LN, _LN),
    re.I,
)
_BRANCH_PREFIXES = frozenset(["feature", "feat", "release", "hotfix", "bugfix", "fix", "origin"])
_NOT_FILE_EXTENSIONS = frozenset(["com", "org", "net", "io", "dev", "ai", "app", "co", "js", "ts"])
_QUOTED = re.compile(
    r"(?<![%s])(?:'[^'\n]+'|\"[^\"\n]+\"|“[^”\n]+”|‘[^’\n]+’)(?![%s])" % (_LN, _LN)
)
_NAMED = re.compile(_B + r"(?:called|named|titled)[%s]+[^%s,;:!?]+" % (JS_SPACE, JS_SPACE), re.I)
_URL_PREFIX = re.compile(r"^(?:https?://)?(?:www\.)?", re.I | re.A)
_HOST_END = re.compile(r"[/?#:]")
_REPO_SEPARATORS = re.compile(r"[/._-]+")
_FILE_SEPARATORS = re.compile(r"[\\/._-]+")


_QUOTES = ("'", '"', "“", "‘")
_NAMING = ("called", "named", "titled")
_KNOWN = ("readme", "dockerfile", "makefile", "changelog", "procfile", "gemfile", "jenkinsfile", ".gitignore", ".env",
          ".npmrc", ".bashrc", ".zshrc")


def _may_hold(folded: str, words: Tuple[str, ...]) -> bool:
    """A cheap test before a regex: none of the words in the case-folded text means the regex cannot match."""
    return any(word in folded for word in words)


def extract_entities(text: str) -> Tuple[str, List[str]]:
    """(the text with each value replaced by its informative words, concept words in order of first appearance)."""
    folded = text.casefold()
    if not _may_hold(folded, _QUOTES + _NAMING + ("http", "www.", "@", "#", "/", "\\", ".") + _KNOWN):
        return text, []
    concepts: List[str] = []
    length = utf16_len(text)
    if _may_hold(folded, _QUOTES):
        text = _QUOTED.sub(lambda m: m.group(0) if utf16_len(m.group(0)) * 2 > length else " ", text)
    if _may_hold(folded, _NAMING):
        text = _NAMED.sub(" ", text)

    def note(word: str) -> None:
        if word not in concepts:
            concepts.append(word)

    def url(match: "re.Match[str]") -> str:
        note("url")
        host = _HOST_END.split(_URL_PREFIX.sub("", match.group(0), count=1))[0]
        return " %s " % " ".join(host.split(".")[:-1])

    def noted(concept: str, value: str) -> str:
        note(concept)
        return value

    def repo(match: "re.Match[str]") -> str:
        if match.group(1).lower() in _BRANCH_PREFIXES:
            return match.group(0)
        note("repository")
        return " %s " % _REPO_SEPARATORS.sub(" ", match.group(0))

    def file(match: "re.Match[str]") -> str:
        value = match.group(0)
        extension = "" if ("/" in value or "\\" in value) else value.split(".")[-1].lower()
        if extension and extension in _NOT_FILE_EXTENSIONS:
            return value
        note("file")
        return " %s " % _FILE_SEPARATORS.sub(" ", value)

    # Each pattern runs only where the text has what any match of it must have (the same answers, found sooner).
    out = _URL.sub(url, text) if _may_hold(folded, ("http", "www.")) else text
    if "@" in out:
        out = _EMAIL.sub(lambda m: noted("email", " "), out)
    if "#" in out:
        out = _CHANNEL.sub(lambda m: noted("channel", " %s " % m.group(0)[1:]), out)
    if "@" in out:
        out = _MENTION.sub(lambda m: noted("user", " %s " % m.group(0)[1:]), out)
    if "/" in out:
        out = _OWNER_REPO.sub(repo, out)
    if _may_hold(out.casefold(), _KNOWN):
        out = _KNOWN_FILES.sub(file, out)
    if _may_hold(out, ("/", "\\", ".")):
        out = _PATH.sub(file, out)
    return out, concepts
