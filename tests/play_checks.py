"""The checks of the "Play a hand" browser tests, for one language (the two
test files, ``test_play_browser_ja.py`` and ``test_play_browser_en.py``, each
call them with theirs)."""

from __future__ import annotations

from playing import GAMES, axe_problems

from generator.play.session import Session


def replayed(game: str, seed: int, moves: list, lang: str) -> dict:
    """The Python engine's view after the same deal and the same moves."""
    from generator.model import Catalog, find_rules_dir
    from generator.play.session import spec_of

    s = Session(spec_of(Catalog(find_rules_dir()).variant(game).rules), seed, lang)
    for m in moves:
        view = s.view()
        assert view["phase"] == "turn", (game, moves)
        s.draw() if m == "draw" else s.pass_() if m == "pass" else s.move(m)
    return s.view()


def every_game(tab, lang: str) -> None:
    """On every game's page a hand is played to its end from the page itself:
    nothing asked of another address, nothing logged as an error, nothing
    wider than the 400 px screen; the Python engine, given the same seed and
    moves, ends the hand with the same result."""
    for game in GAMES:
        tab.open_game(lang, game)
        assert tab.page.evaluate("document.documentElement.lang") == lang
        tab.play_hand()
        shown = [p.inner_text() for p in tab.page.query_selector_all("[data-rb-result] p")]
        assert shown, game
        assert tab.region("data-state") in ("ready", "over"), game
        want = replayed(game, int(tab.region("data-rb-seed")), tab.moves(), lang)
        assert want["phase"] in ("hand-over", "game-over") and shown == want["result"], game
        assert tab.page.evaluate("document.documentElement.scrollWidth") <= 400, game
        assert tab.outside == [] and tab.errors == [], (game, tab.outside, tab.errors)


def refusal_hint_keyboard_axe(tab, lang: str, game: str, words: dict) -> None:
    """Keyboard only: the start button and the first move answer Enter; a
    tile that may not be played says why (the engine's rule, in the site's
    words); the hint names a move and its reason; axe-core finds no serious
    problem after moves; the live region says what happened."""
    page = tab.page
    page.goto(f"{tab.base}{'' if lang == 'ja' else 'en/'}gen/{game}/")
    page.focus("[data-rb-start]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-rb-play][data-state=ready]", state="attached", timeout=90_000)
    refused = None
    for _ in range(60):
        refused = page.query_selector(".rb-play-refused")
        if refused or page.query_selector("[data-rb-result]"):
            break
        assert page.evaluate("document.activeElement.hasAttribute('data-rb-move') || "
                             "document.activeElement.hasAttribute('data-rb-draw') || "
                             "document.activeElement.hasAttribute('data-rb-pass')")
        before = len(tab.moves())
        page.keyboard.press("Enter")
        tab.settle()
        assert len(tab.moves()) == before + 1
    assert refused is not None, "no refused tile came up"
    label = refused.inner_text().strip()
    refused.click()
    why = page.inner_text("[data-rb-why]")
    assert label in why and why != label and "/" not in why.replace(label, ""), why
    page.click("[data-rb-hint]")
    tab.settle()
    hint = page.inner_text(".rb-play-hint")
    assert hint.startswith(words["hint_is"].split("{")[0]) and len(hint) > 10, hint
    assert page.inner_text(".rb-play-status").strip()
    problems = axe_problems(page)
    assert problems == [], problems
    assert tab.outside == [] and tab.errors == []
