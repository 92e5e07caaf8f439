"""Plural forms: a text that counts something reads right for one and for many, in both languages.

The mechanism is the catalogue's plural keys (``key_one``, ``key_other``, chosen by ``count``);
the scan below fails on any English text that writes a number before a counted noun in the plural
without being the "other" form of a plural text, unless the number is one the rules fix.
"""

from __future__ import annotations

import ast
import json
import re
from importlib import resources
from pathlib import Path

import pytest

from kaszino.cli.arguments import english
from kaszino.errors import KaszinoError
from kaszino.i18n import LANGUAGES, catalogue, check_entries, plural_category, text_names, tr

COUNTED = {"cards": "card", "spades": "spade", "aces": "ace", "points": "point", "captures": "capture",
           "rounds": "round", "deals": "deal", "puzzles": "puzzle", "positions": "position",
           "seconds": "second", "kings": "king", "choices": "choice", "players": "player",
           "moves": "move", "diamonds": "diamond"}
"""Nouns the texts count, plural to singular."""

NAMES = {"player", "p", "first", "rest", "capturer", "challenger", "winner", "card", "capture", "move",
         "group", "build"}
"""Fields that name somebody or something: "{player} captures" is a verb, not a count."""

NEVER_ONE = {
    "app.busy": "seconds: the retry period, 30",
    "casino_lesson.q_deal_hands_why": "the cards dealt to the table at the start of a Casino deal, 4",
    "casino_lesson.q_team_hands_why": "the cards a hand of four Casino players deals out, 16",
    "chapter01.rounds_count.why": "the rounds of a deal, 8",
    "chapter01.table_cards.why": "the cards dealt to the table, 4",
    "chapter03.worth_dealer_first.why": "a fixed lesson position's points",
    "chapter04.talon_after.why": "the talon of a fixed lesson position",
    "chapter04.leftover_count.why": "the leftover cards of a fixed lesson position",
    "drills.cards_counts": "a list of counts, one per player",
    "drills.spades_counts": "a list of counts, one per player",
    "events.drew_last_capturer_one": "the cards a player draws: 3 or 4",
    "events.drew_first_player_one": "the cards a player draws: 3 or 4",
    "events.drew_deal_order_one": "the cards a player draws: 3 or 4",
    "events.redealt": "the kings that bring a redeal, three or four",
    "events_casino.drew_deal_order_one": "the cards dealt again to each player, 4",
    "game_lesson.q_target_why": "the target of the standard game, 11",
    "odds.annotation": "an estimate with a decimal (1.0 points)",
    "play.position": "the talon: a multiple of the cards a round draws",
    "refusals.no_such_player": "a game has two to four players",
    "refusals.claim_short": "the target of the game's rules (11 in every preset)",
    "puzzles.ausz_right_no": "the target of the game's rules",
    "puzzles.ausz_answer_no": "the target of the game's rules",
    "puzzles.ausz_answer_yes": "the points of a won claim: the target or more",
    "play.casino_target": "Casino's target, 21",
    "scopa_lesson.q_casino_target_why": "Casino's target, 21",
    "scopa_lesson.q_casino_deck_why": "the decks: Casino's 52 cards, Scopa's 40",
    "puzzles.task_deal_saving": "a deal-saving puzzle's played move lost 2 points or more",
    "puzzles.saving_played": "a deal-saving puzzle's played move lost 2 points or more",
    "scopa_lesson.q_deck_size_why": "the Italian deck, 40",
    "scopa_lesson.q_five_choices_why": "a fixed lesson position's five captures",
    "scopa_lesson.q_most_cards": "a list of counts, one per player",
    "scoring_lesson.q_big_casino_yes": "the big casino's points, 2",
    "game_checks.c_spades": "a list of counts, one per player",
    "game_checks.c_cards": "a list of counts, one per player",
    "game_checks.c_p3_cards": "a list of counts, one per player",
    "game_checks.c_p4_spades": "a list of counts, one per player",
    "game_checks.c_p3_points": "the whole deck, 52 cards and 13 spades",
    "rules_checks.c_talon_why_one": "the cards a round draws (6 to 8) and the talon after it",
    "ui.viewer_dealt": "the hand, table and talon sizes of the rules",
    "variants_lesson.q_v4_over": "a game's total past its target",
    "variants_lesson.q_v4_over_why": "the deals of a fixed lesson game",
    "variants_lesson.q_p3_rounds_why": "the rounds with three players, 5",
    "variants_lesson.q_p3_last_why": "the cards of the last round with three players",
    "variants_lesson.q_p4_cards_why": "the rounds with four players, 4",
    "variants_lesson.q_p4_points": "the whole deck, 52 cards and 13 spades",
}
"""Texts that count in the plural with a number the rules or a fixed lesson position set above one."""

_COUNTED = re.compile(r"\{(\w+)\}\s+(?:more\s+)?(" + "|".join(COUNTED) + r")\b")


def _catalogues() -> dict[str, dict[str, dict[str, str]]]:
    folder = resources.files("kaszino.locales")
    return {item.name[:-5]: json.loads(item.read_text(encoding="utf-8"))
            for item in folder.iterdir() if item.name.endswith(".json")}


def test_a_count_chooses_the_form_in_english_and_hungarian_keeps_one() -> None:
    assert [tr("common.cards", "en", count=n) for n in (0, 1, 2, 21)] == ["0 cards", "1 card", "2 cards",
                                                                          "21 cards"]
    assert [tr("common.cards", "hu", count=n) for n in (1, 2)] == ["1 lap", "2 lap"]
    assert tr("trainer.run_over", "en", run=1, count=1).startswith("The run is over: 1 puzzle in a row")
    assert tr("trainer.run_over", "en", run=3, count=3).startswith("The run is over: 3 puzzles in a row")
    categories = [plural_category(lang, n) for lang in LANGUAGES for n in (1, 0, 5)]
    assert categories == ["one", "other", "other"] * 2


@pytest.mark.parametrize("count", [None, "2", 1.0, True])
def test_a_plural_text_without_a_whole_count_is_refused_by_name(count: object) -> None:
    fields = {} if count is None else {"count": count}
    with pytest.raises(KaszinoError, match=r"'common.cards' counts something: give count="):
        tr("common.cards", "en", **fields)


def test_a_catalogue_with_half_a_plural_text_is_refused() -> None:
    both = {"hu": "x", "en": "x"}
    check_entries("demo", {"cards_one": both, "cards_other": both})
    with pytest.raises(KaszinoError, match=r"demo\.cards needs exactly the keys cards_one, cards_other"):
        check_entries("demo", {"cards_one": both})
    with pytest.raises(KaszinoError, match=r"plural text demo\.cards needs exactly"):
        check_entries("demo", {"cards": both, "cards_one": both, "cards_other": both})


def test_a_plural_text_is_named_by_its_stem() -> None:
    assert {"cards", "spades", "aces"} <= text_names("common")
    assert not {"cards_one", "cards_other"} & text_names("common")


def test_every_english_count_of_a_noun_has_a_singular_form() -> None:
    """Each English text with "{n} cards" (and the like) is the "other" form of a plural text whose
    "one" form says "{n} card" — or its number is one the rules fix above one (NEVER_ONE)."""
    unplural: list[str] = []
    for domain, entries in _catalogues().items():
        for key, versions in entries.items():
            counts = [match for match in _COUNTED.finditer(versions["en"]) if match.group(1) not in NAMES]
            if not counts or f"{domain}.{key}" in NEVER_ONE:
                continue
            stem, _, category = key.rpartition("_")
            one = entries.get(f"{stem}_one", {}).get("en", "")
            singular = {f"{{{match.group(1)}}} {COUNTED[match.group(2)]}" for match in counts}
            if category != "other" or not any(form in one.replace(" more ", " ") for form in singular):
                unplural.append(f"{domain}.{key}: {versions['en']}")
    assert unplural == []


def test_the_fixed_counts_still_exist() -> None:
    """A text listed as never counting one is still in its catalogue (a stale entry hides nothing)."""
    catalogues = _catalogues()
    assert [key for key in NEVER_ONE if key.partition(".")[2] not in catalogues[key.partition(".")[0]]] == []


def test_no_english_text_hedges_its_plural() -> None:
    """"1 point(s)" reads as machinery: a count has its two forms instead."""
    hedged = [f"{domain}.{key}" for domain, entries in _catalogues().items()
              for key, versions in entries.items() if "(s)" in versions["en"]]
    assert hedged == []


def test_the_commands_count_by_the_catalogue_not_by_hedging() -> None:
    """The command line's reports ("2 files", "1 row") take their forms from the catalogue: no
    module of ``kaszino.cli`` writes a hedged plural such as "file(s)"."""
    folder = resources.files("kaszino.cli")
    hedged = [item.name for item in folder.iterdir()
              if item.name.endswith(".py") and re.search(r"[a-z]\(s\)", item.read_text(encoding="utf-8"))]
    assert hedged == []
    assert english(files=1, rows=2, learners=1) == {"files": "1 file", "rows": "2 rows",
                                                    "learners": "1 learner"}


def test_the_english_singular_forms_read_as_singular() -> None:
    """"1 other capture are worth…" or "Exactly these 1 capture…": a "one" form keeps a verb or a
    word of the "other" form."""
    plural_words = re.compile(r"\bthese \{\w+\}|\{\w+\}(?: [\w-]+){1,3} (?:are|were)\b", re.IGNORECASE)
    wrong = [f"{domain}.{key}: {versions['en']}" for domain, entries in _catalogues().items()
             for key, versions in entries.items()
             if key.endswith("_one") and plural_words.search(versions["en"])]
    assert wrong == []


READS_EITHER_WAY = {
    "puzzles.solution_defend": "({count} best) reads for one and for many",
    "explain.hint_table_common": "taken in {count} of the captures reads for one and for many",
}
"""Texts of the puzzles and their hints given a count that read right for one and many in one form."""

COUNTING_MODULES = ("puzzles", "teach/hints.py", "teach/explain.py")
"""Where the Kaszinó puzzle kinds, the hint ladders and the move explanations name their texts (in
the package ``kaszino``)."""


def _counted_texts() -> list[tuple[str, int, str]]:
    """Every text a module of :data:`COUNTING_MODULES` names literally and fills with a ``count``:
    ``tr("domain.key", …)``, ``said("domain", "key", …)``, ``Message.in_domain("domain", "key", …)``
    and ``Message.of("key", …)`` (the ``explain`` domain), with its file and line."""
    root = Path(str(resources.files("kaszino")))
    files = [path for name in COUNTING_MODULES for path in sorted((root / name).glob("**/*.py"))
             or [root / name]]
    found = []
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or "count" not in {keyword.arg for keyword in node.keywords}:
                continue
            function = ast.unparse(node.func)
            first = [arg.value for arg in node.args[:2]
                     if isinstance(arg, ast.Constant) and isinstance(arg.value, str)]
            key = (first[0] if function == "tr" and first and "." in first[0]
                   else ".".join(first) if function in ("said", "Message.in_domain") and len(first) == 2
                   else f"explain.{first[0]}" if function == "Message.of" and first else None)
            if key is not None:
                found.append((str(path.relative_to(root)), node.lineno, key))
    return found


def test_every_text_a_puzzle_or_a_hint_fills_with_a_count_has_its_singular() -> None:
    """"Of your 2 possible moves, 1 keep this result", "The most valuable capture (2)": a text the
    puzzles, their hints or the move explanations give a ``count`` is a plural text (``key_one``,
    ``key_other``), unless it reads right either way (READS_EITHER_WAY)."""
    texts = _counted_texts()
    assert len(texts) > 10  # the scan finds the texts it is meant to
    single = [f"{path}:{line} {key}" for path, line, key in texts if key not in READS_EITHER_WAY
              and key.partition(".")[2] in catalogue(key.partition(".")[0])]
    assert single == []
    assert all(key.partition(".")[2] in text_names(key.partition(".")[0]) for key in READS_EITHER_WAY)
