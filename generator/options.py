"""The options reference page (authoring section): every param and rule
choice a ``variant.yaml`` may give, generated from the JSON Schema's source
(:data:`generator.engine.choices.CHOICES`, :data:`generator.model.schema.PARAMS_SCHEMA`)
and from the games on the site (which game uses which value).
"""

from __future__ import annotations

import html
from typing import Sequence

from .engine.choices import CHOICES
from .houserules import PARAM_TITLES
from .model.schema import PARAMS_SCHEMA

__all__ = ["options_page", "PARAM_ABOUT_JA"]

#: The params' descriptions in Japanese (the English ones are the schema's).
PARAM_ABOUT_JA = {
    "set": "セットの最大の目：6ならダブルシックス（28枚）、9ならダブルナイン、12ならダブルトゥエルブ",
    "players": "個人戦で遊べる人数",
    "partnerships": "2組のペア戦で遊べる人数（ペアは向かい合って座る）",
    "deal": "人数ごとに1人へ配る枚数（players と partnerships のすべての人数について）",
    "stock_reserve": "タロンに残して引かない枚数",
    "target": "勝ちになる点（表示得点）。書かなければ1ハンドで勝負",
    "point_unit": "何目（換算前の得点）で表示得点1点とするか（ホースレースは5）",
    "rounds": "ラウンド制のゲーム（トレイン）で選べるマッチの長さ。最初が標準",
    "lead_totals": "セットにできる牌の目の合計（空ならほかの規則が許すどの牌でも）",
}

_T = {
    "ja": {"title": "ルールの項目一覧", "params": "パラメータ（params）", "choices": "ルールの選択（choices）",
           "intro": "ゲームのファイル `variant.yaml` に書ける項目の一覧です。このページはエンジンとスキーマの定義から自動で作られます。"
                    "ハウスルール（`extends:`）では、変えたい項目だけを書けば残りは元のゲームから引き継がれます。",
           "key": "項目", "meaning": "意味", "value": "値", "games": "使っているゲーム", "default": "既定値",
           "none": "—", "only_trains": "（トレインのみ）"},
    "en": {"title": "Rule options", "params": "Parameters (params)", "choices": "Rule choices (choices)",
           "intro": "Everything a game's `variant.yaml` may say. This page is generated from the engine's and the "
                    "schema's definitions. A house rule (`extends:`) writes only what it changes; the rest comes "
                    "from the game it extends.",
           "key": "Key", "meaning": "Meaning", "value": "Value", "games": "Games using it", "default": "default",
           "none": "—", "only_trains": " (trains only)"},
}


def _esc(text: str) -> str:
    return html.escape(str(text), quote=False).replace("|", "\\|")


def options_page(games: Sequence[tuple[str, dict, object]], lang: str) -> str:
    """Markdown of ``gen/options.md`` in ``lang``. ``games`` are ``(id, name
    {ja, en}, VariantDef)`` in site order (drafts left out by the caller)."""
    t = _T[lang]
    out = [f"# {t['title']}\n", f"{t['intro']}\n", f"## {t['params']} {{ #params }}\n",
           f"| {t['key']} | {t['meaning']} |", "|---|---|"]
    for key, spec in PARAMS_SCHEMA["properties"].items():
        about = spec["description"] if lang == "en" else PARAM_ABOUT_JA[key]
        title = PARAM_TITLES[key][lang]
        out.append(f"| `{key}` | **{_esc(title)}**: {_esc(about)} |")
    out.append(f"\n## {t['choices']} {{ #choices }}\n")
    for info in CHOICES:
        trains = t["only_trains"] if info.layouts == ("trains",) else ""
        out.append(f"### {_esc(info.title[lang])} (`{info.key}`) {{ #{info.key.replace('_', '-')} }}\n")
        out.append(f"{_esc(info.about[lang])}{trains}\n")
        out.append(f"| {t['value']} | {t['meaning']} | {t['games']} |")
        out.append("|---|---|---|")
        for value, words in info.values.items():
            users = [f"[{_esc(name[lang])}]({vid}.md)" for vid, name, vdef in games
                     if vdef.choices.layout in info.layouts and getattr(vdef.choices, info.key) == value]
            mark = f" ({t['default']})" if value == info.default else ""
            out.append(f"| `{value}`{mark} | {_esc(info.words(value, lang))} | {', '.join(users) or t['none']} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
