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


def games_for(lang: str) -> list[str]:
    """The games whose page plays a hand in ``lang`` (:func:`every_game`): every other game by id in
    each language (English the first, third ...; Japanese the second, fourth ...), and the first game
    of each family in both, so that every game is played in the browser once and every family's
    words in both languages, while more games do not make the browser's run twice as long."""
    from conftest import one_game_a_family

    both = set(one_game_a_family())
    return [g for i, g in enumerate(GAMES) if g in both or i % 2 == (lang == "ja")]


def every_game(tab, lang: str) -> None:
    """On the page of each game of :func:`games_for` a hand is played to its end from the page
    itself: nothing asked of another address, nothing logged as an error, nothing wider than the
    400 px screen; the Python engine, given the same seed and moves, ends the hand with the same
    result."""
    for game in games_for(lang):
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
    page.wait_for_selector("[data-rb-deal]:focus", timeout=90_000)     # the levels' chooser: deal at once
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


def _spec(game: str) -> dict:
    from generator.model import Catalog, find_rules_dir
    from generator.play.session import spec_of

    return spec_of(Catalog(find_rules_dir()).variant(game).rules)


def _hand(page) -> list[str]:
    return [b.get_attribute("data-rb-tile") for b in page.query_selector_all(".rb-play-hand [data-rb-tile]")]


def _in_view(page, selector: str) -> bool:
    return page.evaluate("""s => { const r = document.querySelector(s).getBoundingClientRect();
                                   return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }""", selector)


def phone_focus_and_announcements(tab, lang: str, game: str, words: dict) -> None:
    """At 400 x 800: the first move has the focus and is on screen with the
    table; the table's tiles are drawn at the diagrams' size (never shrunk to
    fit) and nothing covers them; the start button is gone; the table in
    words is behind a toggle but in the page for screen readers; arrow keys
    move along the hand; each sentence the live region says ends as a
    sentence; a new game puts the focus on the new hand's first move."""
    page = tab.page
    page.set_viewport_size({"width": 400, "height": 800})
    try:
        tab.open_game(lang, game)
        assert page.evaluate("document.activeElement.matches('[data-rb-move], [data-rb-draw], [data-rb-pass]')")
        assert _in_view(page, ".rb-play-table") and page.evaluate(
            "document.activeElement.getBoundingClientRect().bottom <= window.innerHeight")
        # the table's picture at its own size (the diagrams' 36 px a square), in a box that scrolls
        drawn = page.evaluate("""(() => { const s = document.querySelector('.rb-play-table svg');
                                 return [s.getBoundingClientRect().width, parseFloat(s.getAttribute('width'))]; })()""")
        assert abs(drawn[0] - drawn[1]) < 1, drawn
        assert page.evaluate("document.querySelector('.rb-play-tile svg').getBoundingClientRect().width") >= 35
        assert not page.is_visible("[data-rb-start]")
        assert page.evaluate("[...document.querySelectorAll('.md-top')].every(e => getComputedStyle(e).display === 'none')")
        # the table in words: hidden from sight, read by screen readers, shown on request
        words_box = page.query_selector(".rb-play-table-words")
        assert words_box.inner_text().strip() and words_box.bounding_box()["width"] <= 1
        page.click(".rb-play-words-toggle")
        assert page.query_selector(".rb-play-table-words").bounding_box()["width"] > 100
        # arrow keys along the hand
        tiles = _hand(page)
        page.focus(".rb-play-hand [tabindex='0']")
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.getAttribute('data-rb-tile')") == tiles[1]
        page.keyboard.press("End")
        assert page.evaluate("document.activeElement.getAttribute('data-rb-tile')") == tiles[-1]
        # a move: what followed is said, each sentence on its own and ending as one
        page.click("[data-rb-move], [data-rb-draw], [data-rb-pass]")
        tab.settle()
        said = [s.inner_text() for s in page.query_selector_all(".rb-play-status > span")]
        assert said and all(s.rstrip().endswith(words["full_stop"]) or s.rstrip()[-1] in ".!?。" for s in said), said
        # a refused tile is said too
        refused = page.query_selector(".rb-play-refused")
        if refused:
            refused.click()
            assert page.inner_text(".rb-play-status").strip().startswith(refused.inner_text().strip())
        # a new game: the chooser before the deal, then the focus on the new hand's first move
        page.click("[data-rb-new]")
        page.click("[data-rb-deal]")
        tab.settle()
        assert page.evaluate("document.activeElement.matches('[data-rb-move], [data-rb-draw], [data-rb-pass]')")
        assert tab.outside == [] and tab.errors == []
    finally:
        page.set_viewport_size({"width": 400, "height": 900})


def players_undo_and_replay_link(tab, lang: str, game: str, players: int) -> None:
    """The reader chooses the table before a deal (bots in the other seats):
    the Python engine, given the replay link, deals the same hand at that
    table; undo takes back the reader's move; the link opens the game where
    it was; the step-through of a finished hand goes back to the deal."""
    from generator.play.session import Session

    page = tab.page
    tab.open_game(lang, game)
    page.click("[data-rb-new]")
    page.select_option("[data-rb-players]", label=words_for(lang)["table_players"].format(n=players))
    page.click("[data-rb-deal]")
    tab.settle()
    link = page.get_attribute("[data-rb-link]", "href")
    want = Session.open(_spec(game), {"fragment": link}, lang).view()
    assert len(want["seats"]) == players and sorted(_hand(page)) == sorted(t["tile"] for t in want["hand"])
    assert page.is_disabled("[data-rb-undo]")
    before = _hand(page)
    page.click("[data-rb-move], [data-rb-draw], [data-rb-pass]")
    tab.settle()
    assert len(tab.moves()) == 1 and page.is_enabled("[data-rb-undo]")
    moved = page.get_attribute("[data-rb-link]", "href")
    page.click("[data-rb-undo]")
    tab.settle()
    assert _hand(page) == before and tab.moves() == [] and page.get_attribute("[data-rb-link]", "href") == link
    # the link opens the game after the move
    page.click("[data-rb-move], [data-rb-draw], [data-rb-pass]")
    tab.settle()
    after, made = _hand(page), tab.moves()
    assert page.get_attribute("[data-rb-link]", "href") == moved
    page.goto(page.url.split("#")[0] + moved)
    page.reload()
    page.wait_for_selector("[data-rb-play][data-state=ready], [data-rb-play][data-state=over]", state="attached",
                           timeout=90_000)
    assert _hand(page) == after and page.get_attribute("[data-rb-link]", "href") == moved
    # the page's list of the reader's moves holds the link's move, as after the move was played
    assert len(made) == 1 and tab.moves() == made
    assert page.query_selector("[data-rb-refused]") is None
    # the step-through of the finished hand: from the deal to the end
    tab.play_hand()
    page.click("[data-rb-steps]")
    tab.settle()
    status = page.inner_text(".rb-play-steps .rb-step-status")
    n = len(page.query_selector_all(".rb-play-log li")) + 1
    assert str(n) in status
    page.click(".rb-play-steps .rb-step-prev")
    assert str(n - 1) in page.inner_text(".rb-play-steps .rb-step-status")
    assert tab.outside == [] and tab.errors == []


def partner_level_at_partnership_tables(tab, lang: str, game: str) -> None:
    """A game played with or without partnerships (Block: 2, 3 or 4 players, or 4 in two
    partnerships): the chooser offers the partner's level while a table in partnerships is chosen,
    and the partner is played at the level chosen (the replay link's table says so: ``4t`` and the
    opponents' and the partner's letters, ``e`` easy and ``h`` hard)."""
    page = tab.page
    words = words_for(lang)
    tab.open_game(lang, game)
    page.click("[data-rb-new]")
    partner = "[data-rb-level=partner]"
    page.select_option("[data-rb-players]", label=words["table_players"].format(n=4))
    assert not page.is_visible(partner)
    page.select_option("[data-rb-players]", label=words["table_teams"].format(n=4))
    assert page.is_visible(partner)
    page.select_option("[data-rb-level=level]", "easy")
    page.select_option(partner, "hard")
    page.click("[data-rb-deal]")
    tab.settle()
    page.wait_for_selector("[data-rb-play][data-state=ready], [data-rb-play][data-state=over]", state="attached")
    assert "-4teh-" in page.get_attribute("[data-rb-link]", "href")
    # a table without partners: no partner's level, and none in the link
    page.click("[data-rb-new]")
    assert page.is_visible(partner)                     # (the partnership table is still the one chosen)
    page.select_option("[data-rb-players]", label=words["table_players"].format(n=3))
    assert not page.is_visible(partner)
    page.click("[data-rb-deal]")
    tab.settle()
    page.wait_for_selector("[data-rb-play][data-state=ready], [data-rb-play][data-state=over]", state="attached")
    assert "-3e-" in page.get_attribute("[data-rb-link]", "href")
    assert tab.outside == [] and tab.errors == []


def _table_box(page) -> dict:
    """The play's table box: its scroll, its size and its content's, the first tile's centre
    within the box (CSS px from the box's top left corner), the shaded edges and the picture's
    drawn and own width. (A move's view is built apart and put in whole: wait until it is in.)"""
    page.wait_for_selector("[data-rb-play]:not([aria-busy]) .rb-play-board .rb-play-table svg [data-tile]",
                           state="attached", timeout=60_000)
    return page.evaluate("""(() => {
        const f = document.querySelector('.rb-play-board .rb-play-table'), b = f.getBoundingClientRect();
        const t = f.querySelector('svg [data-tile]').getBoundingClientRect(), s = f.querySelector('svg');
        const shade = getComputedStyle(f.parentNode, '::after').boxShadow;
        return {left: f.scrollLeft, top: f.scrollTop, width: f.clientWidth, height: f.clientHeight,
                content: f.scrollWidth, x: t.left + t.width / 2 - b.left, y: t.top + t.height / 2 - b.top,
                clips: [...f.parentNode.classList].filter(c => c.startsWith('rb-clips-')).sort(),
                shaded: /inset/.test(shade),
                drawn: s.getBoundingClientRect().width, own: parseFloat(s.getAttribute('width'))};
    })()""")


def _centred(box: dict) -> bool:
    """Whether the first tile is in the middle of the box sideways, or the box is scrolled as far
    as it goes towards it."""
    middle = box["width"] / 2
    return (abs(box["x"] - middle) <= 2 or (box["x"] > middle and box["left"] >= box["content"] - box["width"] - 1)
            or (box["x"] < middle and box["left"] == 0))


def large_table_scrolls_from_its_centre(tab, lang: str, game: str, players: int) -> None:
    """At 400 px, a table larger than its box (Cyprus at ten players, some moves into the hand):
    the box opens with the hand's first tile (the set double, the star's centre) in its middle
    and stays so as tiles are added; its edges where the table goes on are shaded; the tiles keep
    their own size; once the reader scrolls the box, it stays where the reader left it."""
    page = tab.page
    page.set_viewport_size({"width": 400, "height": 800})
    try:
        tab.open_game(lang, game)
        page.click("[data-rb-new]")
        page.select_option("[data-rb-players]", label=words_for(lang)["table_players"].format(n=players))
        page.click("[data-rb-deal]")
        tab.settle()
        page.wait_for_selector("[data-rb-play][data-state=ready]", state="attached")

        def one_move():
            page.click("[data-rb-move], [data-rb-draw], [data-rb-pass]")
            tab.settle()
            return page.query_selector("[data-rb-result]") is None

        box = _table_box(page)
        for _ in range(40):                          # until the table is wider than its box
            if box["content"] > box["width"] + 100:
                break
            assert one_move(), "the hand ended before its table outgrew the box"
            box = _table_box(page)
        assert box["content"] > box["width"] + 100 and box["left"] > 0, box
        # the first tile in the middle of the box, the picture at its own size, both sides shaded
        assert _centred(box) and 0 <= box["y"] <= box["height"], box
        assert abs(box["drawn"] - box["own"]) < 1 and box["own"] > 400, box
        assert {"rb-clips-left", "rb-clips-right"} <= set(box["clips"]) and box["shaded"], box
        # a move later: still in the middle
        if one_move():
            box = _table_box(page)
            assert _centred(box), box
            # the reader scrolls the box to its left edge: it stays there after the next move,
            # and only the right-hand edge is shaded sideways
            page.evaluate("document.querySelector('.rb-play-board .rb-play-table').scrollLeft = 0")
            page.wait_for_function("!document.querySelector('.rb-play-table-box').classList.contains('rb-clips-left')")
            if one_move():
                box = _table_box(page)
                assert box["left"] == 0 and "rb-clips-left" not in box["clips"], box
                assert "rb-clips-right" in box["clips"], box
        assert page.evaluate("document.documentElement.scrollWidth") <= 400
        assert tab.outside == [] and tab.errors == []
    finally:
        page.set_viewport_size({"width": 400, "height": 900})


def forged_links(tab, lang: str, game: str) -> None:
    """A forged or broken replay link gives the page's message and a new
    deal: never an error, a dialog or anything of the link in the page."""
    page = tab.page
    dialogs = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    base = f"{tab.base}{'' if lang == 'ja' else 'en/'}gen/{game}/"
    for fragment in ("#play=1-2-<img src=x onerror=alert(1)>", "#play=1-2-0.999", "#play=1-99-0",
                     "#play=" + "9" * 20, "#play=12-2-0.n.n.n"):
        page.goto(base + fragment)
        page.reload()
        page.wait_for_selector("[data-rb-play][data-state=ready]", state="attached", timeout=90_000)
        assert page.inner_text("[data-rb-refused]") == words_for(lang)["link_refused"], fragment
        assert page.query_selector("[data-rb-move], [data-rb-draw], [data-rb-pass]") is not None
        assert page.query_selector(".rb-play img") is None
    assert dialogs == [] and tab.outside == [] and tab.errors == []


def words_for(lang: str) -> dict:
    from generator.base.i18n import messages

    return dict(messages("play", lang))
