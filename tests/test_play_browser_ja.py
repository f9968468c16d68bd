"""Play a hand in the browser, on the Japanese pages (see tests/playing.py
and tests/play_checks.py; the other language has a file of its own so that the two run side by side)."""

import pytest

from playing import play_tab  # noqa: F401 (a fixture)
from play_checks import (every_game, forged_links, partner_level_at_partnership_tables, phone_focus_and_announcements,
                         players_undo_and_replay_link, refusal_hint_keyboard_axe)

from generator.base.i18n import messages

pytestmark = pytest.mark.full

LANG = "ja"


def test_a_hand_is_played_to_its_end_on_the_game_pages(play_tab):  # noqa: F811
    every_game(play_tab, LANG)


def test_keyboard_refusals_hints_and_axe(play_tab):  # noqa: F811
    refusal_hint_keyboard_axe(play_tab, LANG, "draw", dict(messages("play", LANG)))


def test_phone_layout_focus_and_announcements(play_tab):  # noqa: F811
    phone_focus_and_announcements(play_tab, LANG, "mexican-train-club", dict(messages("play", LANG)))


def test_table_size_undo_replay_link_and_step_through(play_tab):  # noqa: F811
    players_undo_and_replay_link(play_tab, LANG, "chicken-foot", 3)


def test_forged_replay_links_are_refused(play_tab):  # noqa: F811
    forged_links(play_tab, LANG, "cuban")


def test_a_partnership_table_offers_the_partners_level(play_tab):  # noqa: F811
    partner_level_at_partnership_tables(play_tab, LANG, "block")
