"""The ``rulebook`` command (``docs/en/authoring.md#fixed-contract`` fixes ``score`` and ``check``).

- ``rulebook check [PATH...]``: validate and verify every file under PATHs
  (default ``rules/``); one ``FILE:LINE:COL: error: MESSAGE`` line on stderr per
  problem; exit 1 when there is any. A house rule that changes nothing of its
  parent gets a ``FILE:LINE:COL: warning: MESSAGE`` line, which leaves the exit 0.
- ``rulebook score FILE... --json``: score each file ignoring its ``expect``;
  one JSON array on stdout; exit 1 when any file cannot be scored.

Our additions: ``new`` (scaffold a variant), ``explain`` (the engine's
reasoning for one position), ``schemas`` (write the JSON Schema files) and
``simulate``.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from ..base.args import MAX_JOBS, whole_number
from ..engine.family import family_of
from ..model import Catalog, SourceError, find_rules_dir
from ..model.catalog import site_rules_dir
from ..model.schema import MAX_NUMBER
from ..model.output import outcome_json
from ..safety.paths import is_plain_file, link_on_the_way
from ..site.build import RULES_THROUGH_LINK, BuildError, generate
from ..base.report import emit, json_text, printable, shown_path

__all__ = ["main"]


def _catalog_for(path: Path, cache: dict) -> Catalog:
    rules = find_rules_dir(path if path.is_dir() else path.parent)
    key = str(rules.resolve())
    if key not in cache:
        cache[key] = Catalog(rules)
    return cache[key]


def _inside_dir(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or a folder holding it (a check of
    ``rules/`` or of ``rules/<id>/`` covers the game ``<id>``)."""
    p, f = path.resolve(), folder.resolve()
    return p == f or p in f.parents


def _within(file: str, path: Path) -> bool:
    """Whether ``file`` is ``path`` or lies under it (or under the variant
    folder of a ``variant.yaml``/``glossary.yaml``)."""
    base = path.resolve()
    if base.name == "glossary.yaml":
        return True
    if base.is_file():
        base = base.parent if base.name == "variant.yaml" else base
    f = Path(file).resolve()
    return f == base or base in f.parents


def cmd_check(args) -> int:
    """Run ``rulebook check``; returns the exit status."""
    paths = [Path(p) for p in args.paths] or [find_rules_dir()]
    cache: dict = {}
    errors: list[SourceError] = []
    count = 0
    groups: dict[int, tuple] = {}           # one run per rules folder: a file named twice is read once
    for p in paths:
        if not p.exists():
            errors.append(SourceError(str(p), 1, 1, "no such file or folder"))
            continue
        cat = _catalog_for(p, cache)
        groups.setdefault(id(cat), (cat, []))[1].append(p)
    warnings: list[SourceError] = []
    for cat, ps in groups.values():
        with cat.run():
            count, errors = _check_group(cat, ps, count, errors)
            warnings += same_rules_warnings(cat, ps) + dangling_link_warnings(cat, ps) + plain_text_warnings(cat, ps)
    order = {f: i for i, f in reversed(list(enumerate(e.file for e in errors)))}
    errors = sorted(errors, key=lambda e: (order[e.file], e.line, e.col))
    if args.format == "json":
        report = {"verified": count, "problems": [problem_json(e) for e in errors]}
        if warnings:
            report["warnings"] = [problem_json(w) for w in warnings]
        sys.stdout.write(json_text(report, indent=1) + "\n")
    for w in warnings:
        if args.format == "github":
            emit(github_annotation(w, "warning"))
        elif args.format == "text":
            emit(warning_text(w), file=sys.stderr)
    for e in errors:
        if args.format == "github":
            emit(github_annotation(e))
        elif args.format == "text":
            emit(str(e), file=sys.stderr)
    if not args.quiet:
        status = "ok" if not errors else f"{len(errors)} problem(s)"
        if warnings:
            status += f", {len(warnings)} warning(s)"
        emit(f"rulebook check: {count} position(s) verified, {status}", file=sys.stderr)
    return 1 if errors else 0


def same_rules_warnings(cat, ps: list[Path]) -> list[SourceError]:
    """A warning, at its ``extends:`` key, for each house rule under the
    paths ``ps`` whose params and rule choices are all its parent's
    (:func:`~generator.pages.houserules.differences` finds none): it is
    played exactly as its parent, which is most often a house rule not yet
    written (the stub ``rulebook new --extends`` makes) or a change that
    repeats the parent's own value. Not an error: the files are sound, and
    the page says the game is played as its parent. A game whose file cannot
    be read gets no warning (its error is reported already)."""
    from ..pages.houserules import differences

    def named(vid: str) -> bool:           # before reading the game: a check of one file reads one game
        files = [cat.dir / vid / "variant.yaml"]
        if getattr(cat, "shipped", None) is not None:
            files.append(cat.shipped / vid / "variant.yaml")
        return any(_inside_dir(p, cat.dir / vid) or any(_within(str(f), p) for f in files) for p in ps)

    out = []
    for vid in cat.variant_ids():
        if not named(vid):
            continue
        try:
            v = cat.variant(vid)
        except SourceError:
            continue
        if v.parent is None or differences(v) or not any(_within(v.src.file, p) or _inside_dir(p, cat.dir / vid)
                                                         for p in ps):
            continue
        text = "" if v.own_sections else " and writes no rule text of its own"
        out.append(v.src.error(("extends",), f"this house rule changes no param or rule choice of "
                                             f"{v.parent.id}{text}: it is played exactly as {v.parent.id} (write "
                                             f"the values that differ under `params:` or `choices:`)"))
    return out


def plain_text_warnings(cat, ps: list[Path]) -> list[SourceError]:
    """A warning, at its line and column, for each HTML tag or script URL in
    a text the pages show as written (a game's ``name`` and ``summary``, a
    section's ``title``, a position's ``title``, ``note`` and ``caption``:
    :func:`~generator.model.catalog.plain_text_problems`), in the rule files
    under the paths ``ps``: it prints as literal text on the page, where the
    same markup in a section's body is an error. A warning, since the page is
    safe and a ``<`` may be meant as text. A file that cannot be read, or may
    not be (a link out of the rules folder), gets none (its error is reported
    already)."""
    from ..model.catalog import YAML_SUFFIXES, plain_text_problems, position_texts, variant_texts
    from ..model.yamlsrc import load

    files: dict[str, Path] = {}
    for p in ps:
        found = sorted(q for q in p.rglob("*") if q.suffix.lower() in YAML_SUFFIXES) if p.is_dir() else [p]
        for f in found:
            files.setdefault(os.path.abspath(f), f)
    out = []
    for f in files.values():
        if f.name == "glossary.yaml" or not os.path.isfile(f) or not cat.may_read(f):
            continue
        try:
            src = load(f)
        except (SourceError, OSError):
            continue
        if not isinstance(src.data, dict):
            continue
        try:            # a file of the wrong shape is the schema's to name: no warning here
            texts = variant_texts(src.data) if f.name == "variant.yaml" else position_texts(src.data)
            out += plain_text_problems(src, texts)
        except (SourceError, KeyError, IndexError, TypeError, ValueError, RecursionError):
            continue
    return out


def dangling_link_warnings(cat, ps: list[Path]) -> list[SourceError]:
    """A warning at ``LINK:1:1`` for each link leading to nothing (a target
    that does not exist, or a loop of links) in the folders ``ps`` of the
    rules folder of ``cat`` (:meth:`~generator.model.Catalog.dangling_links`):
    it is skipped, as a link leading out of the rules folder is, and
    an author who meant it to hold a game or a position should hear so. A
    link named like a rules file is refused as an error instead (it is
    checked as a file); a file named on the command line is checked itself."""
    from ..model.catalog import DANGLING_LINK

    root = cat.dir.resolve()
    seen: dict[str, SourceError] = {}
    for p in ps:
        if not p.is_dir() or not (p.resolve() == root or root in p.resolve().parents):
            continue
        for link in cat.dangling_links(p):
            try:
                target = f"{os.readlink(link)!r} does not exist" if os.path.lexists(os.path.realpath(link)) is False \
                    else "it leads round in a loop of links"
            except OSError:
                target = "it cannot be followed"
            seen.setdefault(os.path.abspath(link), SourceError(str(link), 1, 1, DANGLING_LINK.format(target=target)))
    return list(seen.values())


def warning_text(w: SourceError) -> str:
    """A warning of ``rulebook check`` as one line: ``FILE:LINE:COL: warning: MESSAGE``."""
    return printable(f"{shown_path(w.file)}:{w.line}:{w.col}: warning: {w.message}")


_RULE = re.compile(r"\s*\[rule ([a-z0-9-]+/[a-z0-9-]+)\]$")


def _check_group(cat, ps: list[Path], count: int, errors: list[SourceError]) -> tuple[int, list[SourceError]]:
    """Check the paths ``ps`` of one rules folder (their files, and the pages of the games they touch);
    returns the count of positions verified and the problems, added to those given."""
    good, errs = cat.check_all(ps)
    count += len(good)
    errors += errs
    texts = [p for p in ps if p.is_dir() or p.name in ("variant.yaml", "glossary.yaml")]
    if texts:
        # the rule texts too: every macro, position reference and glossary term
        try:
            root = cat.dir.resolve()
            games = {vid for vid in cat.variant_ids() if any(_within(str(root / vid / "variant.yaml"), p)
                                                             or _inside_dir(p, root / vid) for p in texts)}
            for vid in cat.variant_ids():   # and the house rules of those games, whose pages use them
                try:
                    if any(a.id in games for a in cat.variant(vid).ancestors()):
                        games.add(vid)
                except SourceError:
                    pass
            generate(cat, png=False, with_stats=False, only=games)
        except BuildError as exc:
            seen = {x.key for x in errors}
            errors += [e for e in exc.errors if e.key not in seen and any(_within(e.file, p) for p in texts)]
    return count, errors


def problem_json(e: SourceError) -> dict:
    """One problem of ``check --format json``: ``file`` (as the checker
    named it: data for a program, not a message), ``line``, ``col``
    (1-based), ``rule`` (the rule id a refused play breaks, else ``None``) and
    ``message`` (without the rule id)."""
    m = _RULE.search(e.message)
    return {"file": e.file, "line": e.line, "col": e.col, "rule": m.group(1) if m else None,
            "message": e.message[:m.start()] if m else e.message}


def github_annotation(e: SourceError, level: str = "error") -> str:
    r"""One problem as a GitHub Actions workflow command,
    ``::error file=F,line=L,col=C,title=T::MESSAGE`` (``::warning`` for a
    warning: ``level``), its values escaped as
    the runner reads them (``%``, and in properties ``:`` and ``,``), after
    :func:`~generator.base.report.printable` has written every line break or other
    control as its escape (the annotation is one line of the log, whatever the
    rule file holds); the file relative to the checkout (:func:`_workspace_path`).

    >>> github_annotation(SourceError("r/a.yaml", 3, 5, "stated 1, 50% off\n::add-mask::x"))
    '::error file=r/a.yaml,line=3,col=5,title=rulebook check::stated 1, 50%25 off\\n::add-mask::x'
    """
    def data(text: str) -> str:
        return printable(text).replace("%", "%25")

    def prop(text: str) -> str:
        return data(text).replace(":", "%3A").replace(",", "%2C")

    p = problem_json(e)
    title = "rulebook check" + (f" ({p['rule']})" if p["rule"] else "")
    return (f"::{level} file={prop(_workspace_path(e.file))},line={e.line},col={e.col},title={prop(title)}::"
            f"{data(p['message'])}")


def _workspace_path(file: str) -> str:
    """``file`` relative to the checkout GitHub annotates (``$GITHUB_WORKSPACE``,
    else the current folder) when it lies inside it: an annotation's file is
    a path in the repository, and an absolute one marks no line of the diff."""
    base = Path(os.environ.get("GITHUB_WORKSPACE") or Path.cwd())
    try:
        return Path(file).resolve().relative_to(base.resolve()).as_posix()
    except (ValueError, OSError):
        return file


def cmd_score(args) -> int:
    """Run ``rulebook score``; returns the exit status."""
    cache: dict = {}
    results = []
    family = {}                             # a result's index -> its position's family
    status = 0
    for f in args.files:
        p = Path(f)
        try:
            if p.is_dir():
                raise SourceError(f, 1, 1, "this is a folder; give position files")
            if not p.exists():
                raise SourceError(f, 1, 1, "no such file")
            cat = _catalog_for(p, cache)
            checked = cat.position(p, check=False)
            family[len(results)] = family_of(checked.position.family)
            results.append(outcome_json(f, checked.position.variant_id, checked.outcome))
        except SourceError as exc:
            results.append({"file": f, "error": exc.location})
            status = 1
    if args.json:
        sys.stdout.write(json_text(results) + "\n")
    else:
        for i, r in enumerate(results):
            if "error" in r:
                emit(f"{shown_path(r['file'])}:{r['error'].replace(': ', ': error: ', 1)}")
                continue
            for line in family[i].score_lines(r):       # the family words its own positions' values
                emit(f"{shown_path(r['file'])}: {line}")
    return status


#: The bounds of ``rulebook simulate``'s numbers: games as a rule file's numbers
#: (:data:`~generator.model.schema.MAX_NUMBER`), players as a game's ``players``
#: (2 to 16 in the schema; fewer than a game's own are refused by the game), processes far
#: beyond any machine's cores, and a seed of at most 18 digits (either sign).
SIMULATE_GAMES = MAX_NUMBER
SIMULATE_PLAYERS = 16
SIMULATE_JOBS = MAX_JOBS
SIMULATE_SEED = 10 ** 18 - 1


class SimulateProgress:
    """``rulebook simulate``'s progress on the standard error, never on the
    standard output (the figures, or the JSON, are the same with or without
    it): a tqdm bar where the standard error is a terminal; elsewhere (a log,
    a pipe) a line ``rulebook simulate: N of M games played, about T left``
    every :attr:`every` seconds, the first after :attr:`every` seconds, so
    a short run prints nothing (the time left is guessed once a twentieth of
    the games are played). Call it with the games played (``n``, of
    ``total``); :meth:`close` at the end."""

    #: Seconds between two lines where there is no terminal.
    every = 5.0

    def __init__(self, total: int):
        import time

        from tqdm import tqdm

        self.total, self.clock = total, time.monotonic
        self.bar = tqdm(total=total, unit="game", file=sys.stderr, disable=None, leave=False)
        self.started = self.said = self.clock()

    def __call__(self, n: int, share: float = 0.0) -> None:
        if not self.bar.disable:
            self.bar.update(n - self.bar.n)
            return
        now = self.clock()
        if now - self.said >= self.every and n < self.total:
            from ..site.build import duration

            self.said = now
            # no guess before a twentieth is played: the first games wait for the processes to start
            left = f", about {duration((self.total - n) * (now - self.started) / n)} left" \
                if n * 20 >= self.total else ""
            emit(f"rulebook simulate: {n:,} of {self.total:,} games played{left}", file=sys.stderr)

    def close(self) -> None:
        """Take the bar off the terminal."""
        self.bar.close()


def usage_error(cmd: str, message: str) -> int:
    """Say a usage error of ``rulebook CMD`` (``cmd`` empty: of ``rulebook``
    itself) as argparse says its own (``rulebook CMD: error: MESSAGE`` on the
    standard error); returns 2, the
    exit status of every usage error."""
    emit(f"rulebook{' ' + cmd if cmd else ''}: error: {message}", file=sys.stderr)
    return 2


def cmd_simulate(args) -> int:
    """Run ``rulebook simulate``; returns the exit status (2: a usage error)."""
    from ..base.processes import cores
    from ..sim.simulate import simulate

    cat = Catalog(find_rules_dir())
    try:
        variant = cat.variant(args.variant).rules
    except SourceError as exc:
        return usage_error("simulate", exc.message)
    bar = SimulateProgress(args.games)
    try:
        result = simulate(variant, args.players, args.games, args.seed, args.partners,
                          tuple(args.bots.split(",")), progress=bar,
                          streams="per-game", jobs=args.jobs or cores())
    except ValueError as exc:
        hint = ""
        if not args.partners and args.players in variant.params.partnerships:
            hint = f"; {args.players} play in partnerships: add --partners"
        return usage_error("simulate", f"{exc}{hint}")
    finally:
        bar.close()
    if args.json:
        sys.stdout.write(json_text(result, indent=1) + "\n")
        return 0
    r = result
    emit(f"{r['variant']}: {r['games']} games, {r['players']} players"
          f"{' in partnerships' if r['partners'] else ''}, players {', '.join(r['bots'])}, seed {r['seed']}")
    emit(f"  hands per game   {r['hands_per_game']['mean']:.2f}  (lengths: "
          + ", ".join(f"{k}: {v}" for k, v in r["hands_per_game"]["distribution"].items()) + ")")
    family = family_of(variant.family)
    tiles, points, block, first = family.simulate_words
    if r["partners"] and family.simulate_side_words:
        first = family.simulate_side_words
    emit(f"  {tiles:<16} {r['tiles_per_hand']['mean']:.2f}")
    emit(f"  {points:<16} {r['points_per_hand']['mean']:.2f}  (max {r['points_per_hand']['max']})")
    emit(f"  {block:<16} {100 * r['block_rate']:.1f}%")
    emit(f"  {first}  {100 * r['first_player_wins']:.1f}%")
    emit("  games won        " + ", ".join(f"{k}: {v}" for k, v in r["game_winners"].items()))
    return 0


def cmd_build(args) -> int:
    """Run ``rulebook build``: write every generated page, diagram and
    schema into the site's ``docs/`` (or ``--out``) without MkDocs, as the
    plugin does before MkDocs reads ``docs/`` (same settings: ``mkdocs.yml``
    in the current folder when there is one); returns the exit status (1:
    problems, each located, and nothing written)."""
    from ..site.build import LINK_MESSAGES, SimulationProgress, build_site, ordered_errors, site_settings

    here = Path.cwd()
    if args.out == "":
        emit("rulebook build: error: --out names a folder, not an empty string", file=sys.stderr)
        return 2
    site = (here / "mkdocs.yml").is_file()
    if not site and not os.environ.get("RULEBOOK_RULES") and not (here / "rules").is_dir():
        emit("rulebook build: error: no site here (no mkdocs.yml, no rules/ folder): run it in a site's folder, "
             "or set RULEBOOK_RULES to a rules folder and give --out", file=sys.stderr)
        return 2
    try:
        settings = site_settings(here)
    except SourceError as exc:
        emit(str(exc), file=sys.stderr)
        return 1
    # a site reads the rules its mkdocs.yml names (as `mkdocs build` does); elsewhere RULEBOOK_RULES or rules/
    rules = here / settings["rules_dir"] if site else find_rules_dir()
    root = here if site else rules.resolve().parent
    out = Path(args.out) if args.out else root / settings["docs_dir"]
    if out.exists() and not out.is_dir():
        emit(f"{shown_path(out)}:1:1: error: this is a file, not a folder; name the folder to write the site's sources into",
             file=sys.stderr)
        return 1
    catalog = Catalog(rules, standard_pages=settings["standard_games"] == "pages")
    cache = {k: (root / settings[k] if settings[k] else None) for k in ("png_cache", "page_cache")}
    progress = SimulationProgress(lambda line: emit(line, file=sys.stderr))
    try:
        files, n = build_site(catalog, out, cache_dir=cache["page_cache"], png_cache=cache["png_cache"],
                              progress=progress, root=root)     # no link followed from the site's folder down
    except BuildError as exc:
        progress(-1, 0, "")
        for e in ordered_errors(exc.errors):
            emit(str(e), file=sys.stderr)
        where = "where the build writes" if all(e.message in LINK_MESSAGES for e in exc.errors) \
            else f"in {rules}"
        emit(f"rulebook build: {len(exc.errors)} problem(s) {where}; nothing was written", file=sys.stderr)
        return 1
    except OSError as exc:
        emit(f"{shown_path(exc.filename or out)}:1:1: error: cannot write the site's sources here: {exc.strerror or exc} (files "
             f"written before it stay; build again once it can be written)", file=sys.stderr)
        return 1
    if not args.quiet:
        emit(f"rulebook build: {len(files)} generated file(s) and the schemas in {out} ({n} rewritten)",
             file=sys.stderr)
    return 0


#: What a command that writes into a site says outside one.
NO_SITE = ("no site here (no rules/ folder here or above, and no RULEBOOK_RULES): run it in a site's folder, or set "
           "RULEBOOK_RULES to a rules folder")


def cmd_schemas(args) -> int:
    """Run ``rulebook schemas``: write the JSON Schema files (default
    ``docs/schemas/`` beside ``rules/``), or with ``--check`` only report the
    ones that differ from the code; returns the exit status."""
    from ..model.schemafiles import SCHEMAS, schema_text, write_schemas

    if args.folder:
        folder = Path(args.folder)
    else:
        rules = site_rules_dir()
        if rules is None:
            emit(f"rulebook schemas: error: {NO_SITE}; or name the folder of the schemas (rulebook schemas FOLDER)",
                 file=sys.stderr)
            return 2
        site = Path(os.path.abspath(rules)).parent
        folder = site / "docs" / "schemas"  # (schema_dir's place, found without following links)
        link = link_on_the_way(site, folder)
        if link is not None:                # (a link standing for a schema file is replaced, never followed)
            emit(f"{shown_path(link)}:1:1: error: this is a link: the schemas are written into the site's own folder, never "
                 f"through a link; remove it, or name the folder of the schemas (rulebook schemas FOLDER)",
                 file=sys.stderr)
            return 1
    if folder.exists() and not folder.is_dir():
        emit(f"{shown_path(folder)}:1:1: error: this is a file, not a folder; name the folder of the schemas",
              file=sys.stderr)
        return 1
    if args.check:
        stale = [folder / f"{n}.schema.json" for n in SCHEMAS          # (a link is no schema file: never read)
                 if not is_plain_file(folder / f"{n}.schema.json")
                 or (folder / f"{n}.schema.json").read_text(encoding="utf-8") != schema_text(n)]
        for f in stale:
            emit(f"{shown_path(f)}:1:1: error: differs from the schema in the code; run `rulebook schemas`", file=sys.stderr)
        return 1 if stale else 0
    try:
        written = write_schemas(folder)
    except OSError as exc:
        emit(f"{shown_path(folder)}:1:1: error: cannot write the schemas here: {exc.strerror or exc}", file=sys.stderr)
        return 1
    for f in written:
        emit(f"wrote {f}", file=sys.stderr)
    return 0


def cmd_new(args) -> int:
    """Run ``rulebook new``: scaffold ``rules/<VARIANT>/``; returns the exit status."""
    from .scaffold import ScaffoldError, new_house_rule, new_variant

    rules = site_rules_dir()
    if rules is None:
        emit(f"rulebook new: error: {NO_SITE} (`rulebook init DIR` makes a site)", file=sys.stderr)
        return 2
    link = link_on_the_way(rules.parent, rules)
    if link is not None:
        emit(f"{shown_path(link)}:1:1: error: {RULES_THROUGH_LINK}", file=sys.stderr)
        return 1
    if args.rules and args.extends:
        emit("rulebook new: error: give --rules (a copy of a game) or --extends (a house rule), not both",
              file=sys.stderr)
        return 2
    try:
        if args.extends:
            files = new_house_rule(rules, args.variant, args.extends)
        else:
            files = new_variant(rules, args.variant, args.rules or "draw")
    except ScaffoldError as exc:
        emit(f"rulebook new: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        emit(f"{shown_path(exc.filename or rules / args.variant)}:1:1: error: cannot write the new game here: "
             f"{exc.strerror or exc}", file=sys.stderr)
        return 1
    for f in files:
        emit(f"wrote {f}")
    site = rules.parent / "mkdocs.yml"
    by_itself = site.is_file() and not re.search(r"^nav\s*:", site.read_text("utf-8", "replace"), re.M)
    where = ("its page joins the site's menu by itself" if by_itself
             else f"add `- gen/{args.variant}.md` to `nav:` in mkdocs.yml")
    emit(f"next: fill in every 【要記入】/TODO: text, remove `draft: true` and run `rulebook check "
          f"{rules / args.variant}`; {where}")
    return 0


def cmd_init(args) -> int:
    """Run ``rulebook init DIR``: a new site for a club's rules; returns the exit status."""
    from .newsite import InitError, init_site

    try:
        files = init_site(args.folder, site_url=args.site_url, repo_url=args.repo_url)
    except InitError as exc:
        emit(f"rulebook init: error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        emit(f"rulebook init: error: cannot write {exc.filename or args.folder}: {exc.strerror or exc}",
              file=sys.stderr)
        return 1
    root = Path(args.folder)
    emit(f"made a rulebook site in {root} ({len(files)} files)")
    emit(f"next: cd {root}; npm ci (Pyodide, for \"Play a hand\"; without Node's npm the rest of the site "
         f"builds); rulebook new my-rule --extends draw; mkdocs serve")
    return 0


def cmd_engine(args) -> int:
    """Run ``rulebook engine status|build``: the compiled engine
    (:mod:`generator.base.native`) for the package as installed, a club's
    included; returns the exit status (1 when it cannot be built)."""
    from ..base import native

    if args.action == "build":
        if native.missing() is None:        # else build() says in one line what to install
            emit("rulebook engine: compiling the engine with mypyc (a minute or two)...", file=sys.stderr)
        try:
            where = native.build(getattr(args, "verbose", False))
        except RuntimeError as exc:
            emit(f"rulebook engine: {exc}; the engine stays in Python (the same games, about half as fast)",
                  file=sys.stderr)
            return 1
        emit(f"rulebook engine: compiled into {where}", file=sys.stderr)
    emit(native.status())
    return 0


def cmd_explain(args) -> int:
    """Run ``rulebook explain``: the engine's reasoning for one position;
    returns the exit status (1 when the file cannot be scored)."""
    from .explain import explain

    p = Path(args.file)
    try:
        if not p.is_file():
            raise SourceError(args.file, 1, 1, "no such file" if not p.exists() else "not a position file")
        cat = _catalog_for(p, {})
        checked = cat.position(p, check=False)
        variant = cat.variant(checked.position.variant_id).rules
    except SourceError as exc:
        emit(str(exc), file=sys.stderr)
        return 1
    sys.stdout.write(explain(checked, variant, args.lang))
    return 0


#: The end of ``rulebook --help`` (and of what ``rulebook`` alone prints): an example of each command.
COMMAND_EXAMPLES = """examples:
  rulebook init club-rules                      make a new site in club-rules/
  rulebook new my-block --rules block           a new game: a copy of Block to change
  rulebook new block-to-150 --extends block     a house rule of Block
  rulebook check                                verify every game and position under rules/
  rulebook score rules/my-game/positions/first-example.yaml --json
  rulebook explain rules/my-game/positions/first-example.yaml --lang en
  rulebook simulate all-fives --players 3 --games 200 --seed 1
  rulebook build                                write the generated pages into docs/
  rulebook schemas --check
  rulebook engine status"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``rulebook``."""
    from .. import __version__

    ap = argparse.ArgumentParser(prog="rulebook", description="Domino rulebook: verify and score positions, "
                                                            "start games and house rules, simulate them.",
                                 epilog=COMMAND_EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--version", action="version", version=f"rulebook {__version__}")
    sub = ap.add_subparsers(dest="cmd", metavar="COMMAND", title="commands (`rulebook COMMAND --help` says more)")
    c = sub.add_parser("check", help="verify every variant and position file",
                         epilog="example:\n  rulebook check\n  rulebook check rules/my-game/positions/first-example.yaml\n"
                                "  rulebook check --format github rules/\n"
                                "(rules/my-game/ and its sample position are what `rulebook new my-game` writes)", formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("paths", nargs="*", help="files or folders (default: rules/)")
    c.add_argument("-q", "--quiet", action="store_true", help="print problems only")
    c.add_argument("--format", choices=("text", "github", "json"), default="text",
                   help="text: FILE:LINE:COL lines on stderr (default); github: one GitHub Actions "
                        "::error command per problem on stdout (shown on the pull request's lines); "
                        "json: one JSON document on stdout")
    c.set_defaults(func=cmd_check)
    s = sub.add_parser("score", help="score position files with the engine, ignoring `expect`",
                         epilog="example:\n  rulebook score rules/my-game/positions/first-example.yaml --json\n"
                                "(the sample position that `rulebook new my-game` writes)", formatter_class=argparse.RawDescriptionHelpFormatter)
    s.add_argument("files", nargs="+", help="position files")
    s.add_argument("--json", action="store_true", help="print one JSON array")
    s.set_defaults(func=cmd_score)
    m = sub.add_parser("simulate", help="play complete seeded games between built-in players",
                         epilog="example:\n  rulebook simulate all-fives --players 3 --games 200 --seed 1", formatter_class=argparse.RawDescriptionHelpFormatter)
    m.add_argument("variant", help="a variant id, e.g. horse-race")
    m.add_argument("--players", type=whole_number(1, SIMULATE_PLAYERS), required=True,
                   help=f"number of players (at most {SIMULATE_PLAYERS})")
    m.add_argument("--partners", action="store_true", help="play in partnerships")
    m.add_argument("--games", type=whole_number(1, SIMULATE_GAMES), default=100,
                   help=f"games to play (default 100, at most {SIMULATE_GAMES:,})")
    m.add_argument("--seed", type=whole_number(-SIMULATE_SEED, SIMULATE_SEED), default=0,
                   help="random seed, a whole number of up to 18 digits (same seed, same games)")
    m.add_argument("--bots", default="greedy,random",
                   help="players cycled over the seats: levels easy, normal, hard; or random, greedy")
    m.add_argument("--jobs", type=whole_number(1, SIMULATE_JOBS), default=None,
                   help=f"processes playing the games (default: one per core, at most {SIMULATE_JOBS}; the figures "
                        f"are the same for any number)")
    m.add_argument("--json", action="store_true", help="print every figure as JSON")
    m.set_defaults(func=cmd_simulate)
    n = sub.add_parser("new", help="scaffold a new variant under rules/ that passes `check`",
                         epilog="example:\n  rulebook new my-block --rules block      (a copy of Block to change)\n  rulebook new block-to-150 --extends block (a house rule of Block)", formatter_class=argparse.RawDescriptionHelpFormatter)
    n.add_argument("variant", help="the new variant's id, e.g. my-block")
    n.add_argument("--rules", metavar="GAME",
                   help="start from a copy of this game: every param and rule choice written out (default: draw)")
    n.add_argument("--extends", metavar="GAME", help="start a house rule of this game (extends: GAME)")
    n.set_defaults(func=cmd_new)
    i = sub.add_parser("init", help="make a new rulebook site (mkdocs.yml, home pages, a rules folder) in DIR",
                         epilog="example:\n  rulebook init club-rules && cd club-rules && mkdocs build",
                         formatter_class=argparse.RawDescriptionHelpFormatter)
    i.add_argument("folder", metavar="DIR", help="a new or empty folder")
    i.add_argument("--site-url", metavar="URL",
                   help="the address the site will be published at, e.g. https://OWNER.github.io/REPOSITORY/ "
                        "(written as site_url in mkdocs.yml: the build then keeps sitemap.xml, and the 404 "
                        "pages work under that path)")
    i.add_argument("--repo-url", metavar="URL",
                   help="the rules' repository, e.g. https://github.com/OWNER/REPOSITORY (written as repo_url: "
                        "the theme links it in every page's header)")
    i.set_defaults(func=cmd_init)
    e = sub.add_parser("explain", help="the engine's reasoning for one position, step by step",
                         epilog="example:\n  rulebook explain rules/my-game/positions/first-example.yaml --lang en\n"
                                "(the sample position that `rulebook new my-game` writes)", formatter_class=argparse.RawDescriptionHelpFormatter)
    e.add_argument("file", help="a position file")
    e.add_argument("--lang", choices=["ja", "en"], default="ja", help="language (default: ja)")
    e.set_defaults(func=cmd_explain)
    b = sub.add_parser("build", help="write every generated page, diagram and schema into docs/, without MkDocs",
                       epilog="example:\n  rulebook build\n  rulebook build --out /tmp/site-sources\n"
                              "(then `mkdocs build` makes the site from docs/ as usual)",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    b.add_argument("--out", metavar="DIR", help="where to write (default: the site's docs/ folder)")
    b.add_argument("-q", "--quiet", action="store_true", help="print problems only")
    b.set_defaults(func=cmd_build)
    j = sub.add_parser("schemas", help="write the JSON Schema files of the YAML inputs (for editors)",
                         epilog="example:\n  rulebook schemas --check", formatter_class=argparse.RawDescriptionHelpFormatter)
    j.add_argument("folder", nargs="?", help="where to write them (default: docs/schemas/ beside rules/)")
    j.add_argument("--check", action="store_true", help="only report files that differ from the code")
    j.set_defaults(func=cmd_schemas)
    g = sub.add_parser("engine", help="say which rules engine runs (compiled or Python), or compile it",
                       epilog="example:\n  rulebook engine status\n  rulebook engine build   (needs mypy and a C "
                              "compiler: pip install 'domino-rulebook[fast]')",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    g.add_argument("action", choices=("status", "build"), help="status: which engine a new process loads; "
                                                                "build: compile it for this installation")
    g.add_argument("--verbose", action="store_true", help="build: show the compiler's output")
    g.set_defaults(func=cmd_engine)
    return ap


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``rulebook`` console command."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.cmd is None:                # no command: what there is to do, as a usage error
        parser.print_help(sys.stderr)
        return usage_error("", "name a command (one of the commands above)")
    env = os.environ.get("RULEBOOK_RULES")
    if env and (Path(env) / "variant.yaml").is_file() and not (Path(env) / "glossary.yaml").is_file():
        emit(f"{shown_path(Path(env) / 'variant.yaml')}:1:1: error: RULEBOOK_RULES names one game's folder; name the rules "
              f"folder that holds it ({Path(env).parent})", file=sys.stderr)
        return 2
    if env and Path(env).is_dir() and not (Path(env) / "glossary.yaml").is_file() \
            and not any(Path(env).glob("*/variant.yaml")):
        emit(f"{shown_path(env)}:1:1: error: RULEBOOK_RULES names a folder with no games in it; name the rules folder "
              f"(the one holding glossary.yaml and one folder per game)", file=sys.stderr)
        return 2
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:          # e.g. `rulebook simulate ... --json | head`
        sys.stdout = open(os.devnull, "w")
        return 1


if __name__ == "__main__":
    sys.exit(main())
