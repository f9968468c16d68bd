"""Diagrams: no overlaps, bends inside the bounds, accessible SVG, byte-identical output."""

import re
import random
import xml.etree.ElementTree as ET

import pytest

from generator.draw import svg
from generator.families.line import draw as line_draw

from conftest import T, build, single_line_games
from test_random_games import play_random_hand

NS = "{http://www.w3.org/2000/svg}"


def test_seed_nine_tile_layout_has_no_overlap(hr):
    pl = build(hr, ("1-4", None), ("1-1", "1-4:1"), ("4-4", "1-4:4"), ("3-4", "4-4:b"), ("1-2", "1-1:b"),
               ("1-5", "1-1:side-a"), ("5-5", "1-5:5"), ("0-5", "5-5:b"), ("1-3", "1-1:side-b"))
    arr = line_draw.arrange(pl.layout)
    assert len(arr.boxes) == 9
    assert line_draw.overlaps(arr) == []


def test_long_line_bends_before_leaving_the_page(hr):
    # a straight chain of 12 tiles would be 24 squares wide; the bounds are 14.
    chain = ["0-1", "1-2", "2-3", "3-4", "4-5", "5-6", "0-6", "0-2", "2-4", "4-6", "1-6", "1-3"]
    layout = build(hr, (chain[0], None)).layout
    for t in chain[1:]:
        ends = hr.legal_ends(layout, T(t))
        layout = hr.place(layout, T(t), ends[-1]).layout
    arr = line_draw.arrange(layout)
    x0, y0, x1, y1 = arr.bounds()
    assert line_draw.overlaps(arr) == []
    assert x1 - x0 <= 2 * line_draw.BOUNDS[0] + 1          # markers may stand half a square outside


@pytest.mark.parametrize("vid", single_line_games())
def test_random_game_layouts_never_overlap(catalog, vid):
    variant = catalog.variant(vid).rules
    rng = random.Random(7)
    # the fewest players the game takes, or its partnerships (Cuban Dominoes: always four, two sides)
    n = (variant.params.players or variant.params.partnerships)[0]
    teams = None if variant.params.players else [["N", "S"], ["E", "W"]]
    for game in range(20):
        h = play_random_hand(variant, n, rng, teams)
        arr = line_draw.arrange(h.layout)
        assert line_draw.overlaps(arr) == [], (game, [str(t) for t in h.layout.tiles])


def test_svg_is_accessible_and_wordless(hr):
    pl = build(hr, ("1-4", None), ("1-1", "1-4:1"), ("4-4", "1-4:4"))
    text = line_draw.render(line_draw.arrange(pl.layout), counted={c.end: c.value for c in pl.counted},
                      open_ends=pl.open, last=pl.tile, title="t <x>", desc="d & e", lang="en", ident="x")
    root = ET.fromstring(text)
    assert root.get("role") == "img"
    assert root.find(NS + "title").text == "t <x>"
    assert root.find(NS + "desc").text == "d & e"
    words = [t.text for t in root.iter(NS + "text")]
    assert sorted(words) == ["2", "8"]                  # only the counted values, as digits
    assert len(root.findall(f".//{NS}rect[@class='branch-double']")) == 2
    assert len(root.findall(f".//{NS}rect[@class='just-placed']")) == 1
    # 1-4 [1 + 4 pips] + 1-1 [2] + 4-4 [8] = 15 pip dots
    assert len([c for c in root.iter(NS + "circle") if c.get("fill") == svg.COLORS["pip"]]) == 15


def test_same_input_same_bytes(hr):
    pl = build(hr, ("5-5", None), ("2-5", "5-5:b"), ("3-5", "5-5:a"), ("4-5", "5-5:side-a"))
    args = dict(counted={c.end: c.value for c in pl.counted}, open_ends=pl.open, last=pl.tile,
                title="t", desc="d", lang="ja", ident="x")
    a = line_draw.render(line_draw.arrange(pl.layout), **args)
    b = line_draw.render(line_draw.arrange(pl.layout), **args)
    assert a == b
    assert svg.to_png(a) == svg.to_png(b)


def test_png_cache_gives_the_same_bytes(tmp_path, hr):
    pl = build(hr, ("1-4", None), ("4-4", "1-4:4"))
    text = line_draw.render(line_draw.arrange(pl.layout), counted={}, open_ends=pl.open, last=pl.tile, title="t", desc="d",
                      lang="en", ident="x")
    fresh = svg.to_png(text)
    try:
        svg.PNG_CACHE = tmp_path
        first = svg.to_png(text)
        again = svg.to_png(text)
    finally:
        svg.PNG_CACHE = None
    assert fresh == first == again and len(list(tmp_path.glob("*.entry"))) == 1


def test_the_two_languages_of_a_diagram_make_one_png(tmp_path, hr, monkeypatch):
    import cairosvg

    pl = build(hr, ("1-4", None), ("4-4", "1-4:4"))
    common = dict(counted={c.end: c.value for c in pl.counted}, open_ends=pl.open, last=pl.tile, ident="x")
    ja = line_draw.render(line_draw.arrange(pl.layout), title="[4|4]を置く", desc="ドミノ牌", lang="ja", **common)
    en = line_draw.render(line_draw.arrange(pl.layout), title="[4|4] placed", desc="Tiles", lang="en", **common)
    assert ja != en
    plain = cairosvg.svg2png(bytestring=ja.encode("utf-8"), scale=1.5,    # what the full SVG looks like
                             background_color="white")
    renders = []
    real = cairosvg.svg2png
    monkeypatch.setattr(cairosvg, "svg2png", lambda **kw: renders.append(1) or real(**kw))
    monkeypatch.setattr(svg, "PNG_CACHE", tmp_path)
    assert svg.to_png(ja) == svg.to_png(en) == plain
    assert len(renders) == 1 and len(list(tmp_path.glob("*.entry"))) == 1


def test_a_png_has_an_opaque_background(catalog):
    import io

    from PIL import Image

    from generator.draw import svg
    from generator.engine import Tile
    from generator.families.line.rules import Layout

    layout = catalog.variant("draw").rules.place(Layout(), Tile(1, 4), None).layout
    text = line_draw.render(line_draw.arrange(layout), counted={}, open_ends=(), last=None, title="t", desc="d", lang="en",
                      ident="d-x", joins={})
    image = Image.open(io.BytesIO(svg.to_png(text))).convert("RGBA")
    w, h = image.size
    assert all(image.getpixel(xy)[3] == 255 for xy in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)])


@pytest.fixture(scope="module")
def site_svgs(catalog):
    """Every diagram of the site (Japanese side), parsed: name -> root element."""
    from generator.site.build import generate

    files = generate(catalog, png=False, with_stats=False)
    return {name: ET.fromstring(data) for name, data in files.items()
            if name.startswith("ja/") and "/diagrams/" in name and name.endswith(".svg")}


def _extent(rect) -> tuple[float, float, float, float]:
    """What a rect covers on the picture, its stroke included."""
    half = float(rect.get("stroke-width", 0)) / 2
    x, y = float(rect.get("x")), float(rect.get("y"))
    return x - half, y - half, x + float(rect.get("width")) + half, y + float(rect.get("height")) + half


def _meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _placed(root):
    """Each rect of a picture as the four corners it covers on the page (its
    stroke included), after the translate/rotate of the groups around it (a
    Chicken Foot tree turns its tiles along the arms): (rect, corners)."""
    import math

    def walk(node, matrix):
        for tr in re.findall(r"(translate|rotate)\(([^)]*)\)", node.get("transform", "")):
            args = [float(v) for v in tr[1].replace(",", " ").split()]
            if tr[0] == "translate":
                step = (1, 0, 0, 1, args[0], args[1] if len(args) > 1 else 0)
            else:
                r = math.radians(args[0])
                step = (math.cos(r), math.sin(r), -math.sin(r), math.cos(r), 0, 0)
            a, b, c, d, e, f = matrix
            a2, b2, c2, d2, e2, f2 = step
            matrix = (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
                      a * e2 + c * f2 + e, b * e2 + d * f2 + f)
        if node.tag == NS + "rect":
            x0, y0, x1, y1 = _extent(node)
            a, b, c, d, e, f = matrix
            yield node, [(a * x + c * y + e, b * x + d * y + f) for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
        for child in node:
            yield from walk(child, matrix)

    yield from walk(root, (1, 0, 0, 1, 0, 0))


def _overlap(p, q) -> bool:
    """Two convex quadrilaterals share area (touching edges do not count):
    no edge direction of either separates them."""
    for poly in (p, q):
        for i in range(4):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % 4]
            nx, ny = y1 - y2, x2 - x1
            pa = [nx * x + ny * y for x, y in p]
            qa = [nx * x + ny * y for x, y in q]
            if max(pa) <= min(qa) + 1e-6 or max(qa) <= min(pa) + 1e-6:
                return False
    return True


def _within(inner, outer) -> bool:
    """Every corner of ``inner`` lies in the convex quadrilateral ``outer``."""
    def side(o, a, pt):
        return (a[0] - o[0]) * (pt[1] - o[1]) - (a[1] - o[1]) * (pt[0] - o[0])
    signs = [side(outer[i], outer[(i + 1) % 4], pt) for pt in inner for i in range(4)]
    return all(s >= -1e-6 for s in signs) or all(s <= 1e-6 for s in signs)


def test_no_frame_or_outline_reaches_a_neighbouring_tile(site_svgs):
    """On every diagram of the site, no two tiles' faces touch, and the frame
    of the tile just placed (and the engine's heavy frame) covers no other
    tile's face: each mark stays in its own tile's space. A spinner's or
    matador's outline is its face's border, so the first check covers it.
    Tiles turned along a Chicken Foot arm are compared as the turned shapes
    they are."""
    checked = 0
    for name, root in site_svgs.items():
        parent = {child: node for node in root.iter() for child in node}
        rects = list(_placed(root))
        faces = [corners for rect, corners in rects
                 if parent[rect].get("class") == "tile" and rect is parent[rect].find(NS + "rect")]
        for i, a in enumerate(faces):
            for b in faces[i + 1:]:
                assert not _overlap(a, b), (name, a, b)
        for rect, box in rects:
            if rect.get("class") not in ("just-placed", "engine"):
                continue
            inside = [f for f in faces if _within(f, box)]
            assert len(inside) == 1, (name, rect.get("class"))
            assert not [f for f in faces if f not in inside and _overlap(box, f)], (name, rect.get("class"))
            checked += 1
    assert checked >= 100, checked              # every game shows its placements framed


def test_double_twelve_pips_have_a_colour_for_each_number(site_svgs, catalog):
    """Mexican Train's double-twelve tiles colour each number's pips its own
    way, as real sets do: the eleven and twelve pips of one tile differ, the
    same number has the same colour everywhere, each colour stands out from
    the tile face by at least 3:1 (WCAG's contrast for graphics), and every
    pip lies on its tile's face. Every game's double-nine tiles (Cuban Dominoes, Chicken Foot, Cyprus ...)
    are coloured the same way; double-six games keep black pips."""
    def luminance(colour):
        rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        rgb = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]

    def set_of(name: str) -> int:
        """The highest pip of the set of the game a diagram (``<lang>/gen/diagrams/<id>/...``) shows."""
        return catalog.variant(name.split("/diagrams/", 1)[1].split("/", 1)[0]).rules.params.set

    colour_of: dict[int, set] = {}
    for name, root in site_svgs.items():
        for g in root.iter(NS + "g"):
            if g.get("class") != "tile":
                continue
            face = _extent(g.find(NS + "rect"))
            dots = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")), c.get("fill"))
                    for c in g.iter(NS + "circle")]
            for x, y, r, _ in dots:
                assert face[0] < x - r and x + r < face[2] and face[1] < y - r and y + r < face[3], name
            if re.search(r"/(pai-gow|tien-gow)/", name):   # Chinese tiles: white pips, ones and fours red, a dark face
                low, high = (int(n) for n in g.get("data-tile").split("-"))
                red = sum(n for n in (low, high) if n in (1, 4))
                assert sum(1 for *_, fill in dots if fill == "#ff5a4f") == red, name
                assert {fill for *_, fill in dots} <= {"#ff5a4f", "#f5f5f0"}, name
                continue
            if set_of(name) <= 6:                       # only sets beyond double-six colour their pips
                assert {fill for *_, fill in dots} <= {svg.COLORS["pip"]}, name
                continue
            low, high = (int(n) for n in g.get("data-tile").split("-"))
            fills: dict[str, int] = {}
            for *_, fill in dots:
                fills[fill] = fills.get(fill, 0) + 1
            numbers = [n for n in (low, high) if n]
            if low == high:
                assert list(fills.values()) == ([2 * low] if low else []), (name, low, fills)
                if low:
                    colour_of.setdefault(low, set()).add(next(iter(fills)))
            else:                       # one colour per number: the counts per colour are the numbers
                assert sorted(fills.values()) == sorted(numbers), (name, low, high, fills)
                for f, k in fills.items():
                    colour_of.setdefault(k, set()).add(f)
    face = luminance(svg.COLORS["tile"])
    assert {11, 12} <= set(colour_of)
    assert colour_of[11] != colour_of[12]
    for n, colours in colour_of.items():
        assert len(colours) == 1, (n, colours)
        (colour,) = colours
        assert (face + 0.05) / (luminance(colour) + 0.05) >= 3, (n, colour)


def test_sides_of_doubles_are_named_as_drawn(hr):
    # seed 000's nine tiles: the 1-1 hangs off the 1-4's low end, to the west; the 4-4 off its high end, to
    # the east. Facing west, a tile's left hand points down the page; facing east, up.
    pl = build(hr, ("1-4", None), ("1-1", "1-4:1"), ("4-4", "1-4:4"), ("3-4", "4-4:b"), ("1-2", "1-1:b"),
               ("1-5", "1-1:side-a"), ("5-5", "1-5:5"), ("0-5", "5-5:b"), ("1-3", "1-1:side-b"))
    sides = line_draw.side_directions(line_draw.arrange(pl.layout))
    got = {t: {e.side: d for e, d in sides.items() if e.tile == T(t)} for t in ("1-1", "4-4")}
    assert got["1-1"] == {"a": "right", "b": "left", "side-a": "down", "side-b": "up"}
    assert got["4-4"] == {"a": "left", "b": "right", "side-a": "up", "side-b": "down"}


_VECTORS = {"right": (1, 0), "left": (-1, 0), "up": (0, -1), "down": (0, 1)}


@pytest.mark.parametrize("vid", ["horse-race", "sniff", "all-fives", "bergen"])
def test_every_side_word_points_where_the_drawing_has_it(catalog, vid):
    variant = catalog.variant(vid).rules
    rng = random.Random(11)
    seen = 0
    for _ in range(15):
        h = play_random_hand(variant, variant.params.players[0], rng)
        arr = line_draw.arrange(h.layout)
        box = {b.tile: b for b in arr.boxes}
        for end, word in line_draw.side_directions(arr).items():
            vx, vy = _VECTORS[word]
            b = box[end.tile]
            cx, cy = b.x + b.w / 2, b.y + b.h / 2
            if end in arr.spots:        # the square just beyond that side lies that way from the tile
                px, py = arr.spots[end].x, arr.spots[end].y
            else:                       # the side it was joined by: it touches its parent that way, from
                px, py = b.join         # the half (or, crosswise, the middle of the halves) beside the join
                if b.placed.cross:
                    cx, cy = (b.halves[0][1] + b.halves[1][1]) / 2, (b.halves[0][2] + b.halves[1][2]) / 2
                else:
                    cx, cy = min((h[1:] for h in b.halves), key=lambda c: (c[0] - px) ** 2 + (c[1] - py) ** 2)
            dx, dy = px - cx, py - cy
            assert dx * vx + dy * vy > 0 and abs(dx * vy - dy * vx) < 1e-6, (vid, str(end), word, (dx, dy))
            seen += 1
    assert seen > 20
