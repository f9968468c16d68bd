/* How long a "hard" move takes under Pyodide (the browser's Python), on this machine:
 * node bench/hard_move.mjs SPECS.json   (bench/hard_move.sh writes SPECS.json and runs it).
 * For each game in SPECS.json (id -> the rules as generator.play.session.spec_of writes them) one
 * game is played by the normal player, and at each of its first 40 choices of two moves or more
 * the hard player's search runs at the browser's bound (generator.play.session.BROWSER_WORK);
 * prints the median and slowest times. Pyodide comes from node_modules (npm ci); the engine is
 * read from this checkout, as the site's bundle holds it. */
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [specs, extra] = process.argv.slice(2);
const py = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide/") });
py.FS.mkdir("/rb");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/rb");
py.FS.mkdir("/ext");
py.FS.mount(py.FS.filesystems.NODEFS, { root: extra }, "/ext");
py.globals.set("specs", fs.readFileSync(specs, "utf8"));
py.runPython(`
import sys, json, time, random
sys.path[:0] = ["/rb", "/ext"]
from generator.base.i18n import LANGS, PLURAL_SPAN, install
install({lang: {"messages": {}, "plural": ["other"] * PLURAL_SPAN} for lang in LANGS})
from generator.play.session import variant_of, seats_of, BROWSER_WORK
from generator.sim.search import choose
from generator.sim.simulate import greedy_bot, play_game, Work
for gid, spec in json.loads(specs).items():
    v = variant_of(spec)
    names, teams, you = seats_of(v)
    times = []
    def bot(variant, state, player, rng):
        if len(state.plays_for(player)) > 1 and len(times) < 40:
            t = time.perf_counter()
            choose(variant, state, player, random.Random(1), BROWSER_WORK)
            times.append(time.perf_counter() - t)
        return greedy_bot(variant, state, player, rng)
    play_game(v, names, [bot] * len(names), random.Random(4), teams, Work(100000))
    times.sort()
    print(f"{gid}, {len(names)} players: {len(times)} hard moves under Pyodide, median {times[len(times) // 2]:.3f} s, "
          f"slowest {times[-1]:.3f} s (bound {BROWSER_WORK} work units)", flush=True)
`);
