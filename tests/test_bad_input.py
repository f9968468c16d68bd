"""Author mistakes give one located line, never a traceback."""

import pytest

from generator.cli import main

CASES = [
    ("syntax", 'variant: horse-race\nsteps: [\n', "YAML syntax"),
    ("unknown key", 'variant: horse-race\nsteps:\n  - play: "1-4"\n    att: "x"\n', "did you mean 'at'"),
    ("bad tile", 'variant: horse-race\nsteps:\n  - play: "1-9"\n', "not in a double-6 set"),
    ("unknown variant", 'variant: horse-racing\nsteps:\n  - play: "1-4"\n', "unknown variant"),
    ("side branch early", 'variant: horse-race\nsteps:\n  - play: "4-4"\n  - play: "4-5"\n    at: "4-4:side-a"\n',
     "both straight sides"),
    ("closed end", 'variant: horse-race\nsteps:\n  - play: "1-4"\n  - play: "4-5"\n    at: "1-4:4"\n'
     '  - play: "4-6"\n    at: "1-4:4"\n', "already joined"),
    ("python tag", 'variant: !!python/object/apply:os.system ["true"]\nsteps: []\n', "not allowed"),
    ("duplicate key", 'variant: horse-race\nvariant: horse-race\nsteps:\n  - play: "1-4"\n', "given twice"),
    ("wrong type", 'variant: horse-race\nsteps:\n  - play: 14\n', "should be a string"),
    ("out not empty", 'variant: horse-race\nsettle:\n  out: N\n  hands: {N: 3, E: 4}\n', "must be empty"),
    ("two kinds", 'variant: horse-race\nsteps:\n  - play: "1-4"\nsettle:\n  hands: {N: 1, E: 2}\n', "exactly one"),
    ("alias bomb", "variant: horse-race\na: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
     "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
     "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\n", "more than"),
]


@pytest.mark.parametrize("name,text,needle", CASES, ids=[c[0] for c in CASES])
def test_bad_position_gives_one_located_line(tmp_path, capsys, name, text, needle):
    f = tmp_path / "p.yaml"
    f.write_text(text)
    code = main(["check", "-q", str(f)])
    out, err = capsys.readouterr()
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"{f}:") and ": error: " in lines[0]
    assert needle in lines[0]
    assert "Traceback" not in err
