"""Secrets: planted in events of every format, found nowhere under the home
(ledger, rejected/, episodes, signals, memories, journal, index) and in no
output of search, get or context. Near-misses survive byte for byte.

The commands run through main() in this process (``inproc``, ``cli``): what is checked is what
they store and print, which a process of their own does not change."""

from __future__ import annotations

import json
import shutil

import pytest

from conftest import CLIENT_SAMPLES, SAMPLE_EVENTS
from rel_support import assert_no_crash, find_in_home, ledger_events, record
from secrets_corpus import NEAR_MISSES, SECRETS

NEEDLES = [needle for _name, _text, needle in SECRETS]
# Multi-line secrets the text format still cuts into one event per line (see the xfail below).
SPLIT_BY_TEXT = {"putty-private"}


def planted_events() -> list[dict]:
    """Each secret in a user message, a tool result, meta, refs and an unknown field."""
    evs = []
    for i, (name, text, _needle) in enumerate(SECRETS):
        evs.append({"id": f"sec_{i}_user", "role": "user", "project": "secrets", "session": "s_sec",
                    "ts": "2026-06-20T10:00:00+08:00", "text": f"note for later: {text}"})
        evs.append({"id": f"sec_{i}_tool", "role": "tool", "kind": "tool_result", "tool": "Bash", "status": "ok",
                    "project": "secrets", "session": "s_sec", "ts": "2026-06-20T10:01:00+08:00",
                    "text": f"$ cat .env\n{text}\n", "refs": [f"file:///tmp/{name}.env?{text}"],
                    "meta": {"tool_input": {"command": f"echo '{text}'"}, "nested": [[text]]},
                    "stdout_copy": text})
    for j, near in enumerate(NEAR_MISSES):
        evs.append({"id": f"near_{j}", "role": "user", "project": "secrets", "session": "s_sec",
                    "ts": "2026-06-20T11:00:00+08:00", "text": near})
    return evs


def test_secret_corpus_is_large_enough():
    assert len(SECRETS) >= 20
    assert len({n for n, _t, _s in SECRETS}) == len(SECRETS)
    for _name, text, needle in SECRETS:
        assert needle in text


def test_secrets_never_reach_the_ledger_native_and_text(home, cli, tmp_path, request):
    native = tmp_path / "planted.jsonl"
    native.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in planted_events()), encoding="utf-8")
    r = cli("--home", home.root, "ingest", native, "--json")
    assert_no_crash(r)
    assert r.exit_code == 0, r
    text = tmp_path / "planted.txt"
    text.write_text("".join(t + "\n" for _n, t, _s in SECRETS if "\n" not in t), encoding="utf-8")
    r = cli("--home", home.root, "ingest", "--format", "text", text)
    assert r.exit_code == 0, r
    r = cli("--home", home.root, "ingest", input="\n".join(t for n, t, _s in SECRETS if n not in SPLIT_BY_TEXT) + "\n")
    assert r.exit_code in (0, 65), r

    leaked = find_in_home(home.root, NEEDLES)
    assert leaked == []
    evs = {e["id"]: e for e in ledger_events(home.root)}
    for j, near in enumerate(NEAR_MISSES):
        assert evs[f"near_{j}"]["text"] == near, "a near-miss was redacted"
    for i, (name, _t, _s) in enumerate(SECRETS):
        assert "[REDACTED:" in evs[f"sec_{i}_user"]["text"], name
        assert evs[f"sec_{i}_tool"]["meta"]["redacted"], name
    record(request, "secrets planted (formats x fields)", len(SECRETS) * 7)
    record(request, "near-misses kept verbatim", len(NEAR_MISSES))
    record(request, "leaked secrets", len(leaked))


def test_secrets_in_rejected_lines_and_messages_are_redacted(home, cli, tmp_path):
    lines = []
    for _name, text, _needle in SECRETS:
        flat = text.replace("\n", " ")
        lines.append("{not json " + flat)  # malformed JSON: raw saved to rejected/
        lines.append(json.dumps({"text": text}))  # missing role
        lines.append(json.dumps({"role": flat, "text": "x"}))  # a secret where a role belongs
        lines.append(json.dumps({"role": "user", "ts": flat, "text": "x"}))  # ... or a timestamp
        lines.append(json.dumps({"role": "user", "kind": flat, "text": "x"}))  # ... or a kind
    f = tmp_path / "bad.jsonl"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = cli("--home", home.root, "ingest", f, "--json")
    assert_no_crash(r)
    assert r.exit_code == 65, r
    assert list(home.rejected_dir.iterdir()), "rejected lines were not saved"
    for needle in NEEDLES:
        assert needle not in r.stdout and needle not in r.stderr, needle
    assert find_in_home(home.root, NEEDLES) == []


def _plant_in_sample(obj, text: str):
    """Append ``text`` to every prose-like string field of a client payload."""
    keys = {"prompt", "text", "content", "stdout", "stderr", "output", "last_assistant_message", "command",
            "message", "error", "arguments", "custom_instructions", "thinking"}
    if isinstance(obj, dict):
        return {k: (v + " " + text if k in keys and isinstance(v, str) and v else _plant_in_sample(v, text)) for k, v in obj.items()}
    if isinstance(obj, list):
        return [_plant_in_sample(v, text) for v in obj]
    return obj


def client_inputs(tmp_path) -> list:
    """Every shared client sample (hooks, transcripts, rollouts, OpenAI messages), secrets planted."""
    blob = " ; ".join(t for _n, t, _s in SECRETS)
    out = []
    for src in sorted(CLIENT_SAMPLES.glob("*.json*")):
        if "_output_" in src.name:
            continue
        dst = tmp_path / "clients" / src.name
        dst.parent.mkdir(exist_ok=True)
        if src.suffix == ".jsonl":
            rows = [json.loads(x) for x in src.read_text(encoding="utf-8").splitlines() if x.strip()]
            dst.write_text("".join(json.dumps(_plant_in_sample(r, blob), ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
        else:
            dst.write_text(json.dumps(_plant_in_sample(json.loads(src.read_text(encoding="utf-8")), blob), indent=2, ensure_ascii=False), encoding="utf-8")
        out.append(dst)
    return out


def test_secrets_in_every_client_format(home, cli, tmp_path, request):
    files = client_inputs(tmp_path)
    assert files
    for f in files:
        r = cli("--home", home.root, "ingest", f, "--json")
        assert_no_crash(r)
        for needle in NEEDLES:
            assert needle not in r.stdout and needle not in r.stderr, (f.name, needle)
    assert find_in_home(home.root, NEEDLES) == []
    record(request, "client sample files with secrets", len(files))


def run_pipeline(inproc, root) -> list:
    """Every later stage; returns their results (outputs are checked too)."""
    outs = []
    outs.append(inproc("--home", root, "consolidate"))
    outs.append(inproc("--home", root, "dream", "--force"))
    for q in ("password token Authorization key secret", "cat .env", "密码"):
        outs.append(inproc("--home", root, "search", q, "--json", "--limit", "50"))
        try:
            results = json.loads(outs[-1].stdout)
        except ValueError:
            continue
        for res in results[:4]:
            outs.append(inproc("--home", root, "get", res["ref"]))
    outs.append(inproc("--home", root, "get", "event:sec_0_tool"))
    outs.append(inproc("--home", root, "context", "--project", "secrets", "--task", "deploy with the token"))
    outs.append(inproc("--home", root, "context", "--budget", "8000"))
    return outs


def test_secrets_through_the_whole_pipeline(tmp_path, inproc, request):
    from holonmem.layout import init_home

    root = tmp_path / "home"
    shutil.copytree(SAMPLE_EVENTS.parent.parent, root, ignore=shutil.ignore_patterns("import"))
    init_home(root)
    planted = tmp_path / "planted.jsonl"
    planted.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in planted_events()), encoding="utf-8")
    assert inproc("--home", root, "ingest", SAMPLE_EVENTS).exit_code == 0
    assert inproc("--home", root, "ingest", planted).exit_code == 0
    outs = run_pipeline(inproc, root)
    for r in outs:
        assert_no_crash(r)
        for needle in NEEDLES + ["hunter2"]:
            assert needle not in r.stdout and needle not in r.stderr, (needle, r)
    hits = find_in_home(root, NEEDLES + ["hunter2"])
    assert hits == [], hits
    record(request, "pipeline stages checked for secrets", len(outs))


@pytest.mark.stress
def test_secrets_fuzzed_surroundings(home, cli, tmp_path, request):
    """Each secret inside random-ish prose, quotes, JSON and Markdown: never stored."""
    import random

    rng = random.Random(7)
    wraps = ["{}", "'{}'", '"{}"', "`{}`", "({})", "<{}>", "**{}**", "{}.", "{},", "{};", "- {}", "> {}",
             "```\n{}\n```", "key: {}", "{}\t", "中文{}。", "{}\r", "{}中文", "中文 {}　好"]
    evs = []
    for k in range(2000):
        _n, text, _s = rng.choice(SECRETS)
        # ids in letters: "fz_864" beside its ledger file name "2026-12.jsonl" in the id map spells
        # the PIN needle 8642, a match that is no leak
        evs.append({"id": "fz_" + "".join("abcdefghij"[int(d)] for d in str(k)), "role": rng.choice(["user", "assistant", "tool", "system"]),
                    "text": rng.choice(wraps).format(text) + " " + rng.choice(NEAR_MISSES)})
    f = tmp_path / "fz.jsonl"
    f.write_text("".join(json.dumps(e, ensure_ascii=False) + "\n" for e in evs), encoding="utf-8")
    r = cli("--home", home.root, "ingest", f)
    assert r.exit_code == 0, r
    leaked = find_in_home(home.root, NEEDLES)
    assert leaked == []
    record(request, "secrets planted (fuzzed surroundings)", len(evs))
    record(request, "secret formats", len(SECRETS))
    record(request, "leaked secrets", len(leaked))


# -- issue 18 items 23-25 ---------------------------------------------------------------

STRUCT = {"id": "ghp_Qm7vR2xT9kLp4Wn8Zc3Hb6Yd1Fs5Gj0Ka2Ue4x", "session": "password=Sx7-Ky2-Vq9",
          "project": "sk_live_51Lq8Zr2Xw7Kp4Tn9Vb1Hc6Fg", "status": "xoxb-2718281828-3141592653589-QwErTyUiOpAsDfGhJkLzXcVb"}


def test_secrets_given_as_id_session_project_or_status(tmp_path, inproc):
    """Item 23: structural fields are redacted too; two events whose ids held different
    secrets stay two events, and ingesting the file again adds nothing."""
    from holonmem.layout import init_home

    root = tmp_path / "home"
    init_home(root)
    evs = [{"id": STRUCT["id"], "role": "user", "text": "deploy the invoicer", "ts": "2026-06-20T10:00:00+08:00",
            "project": STRUCT["project"], "session": STRUCT["session"]},
           {"id": "ghp_Zk4Np8Qr2Tw6Lm1Xc9Vb3Hd7Fs5Gj0Ka2Ue9y", "role": "tool", "kind": "tool_result", "tool": "Bash",
            "status": STRUCT["status"], "text": "ok", "ts": "2026-06-20T10:01:00+08:00", "session": STRUCT["session"]},
           {"role": "user", "text": "next step", "project": STRUCT["project"], "session": STRUCT["session"]}]
    f = tmp_path / "s.jsonl"
    f.write_text("".join(json.dumps(e) + "\n" for e in evs), encoding="utf-8")
    for _ in range(2):
        r = inproc("--home", root, "ingest", f, "--json")
        assert r.exit_code == 0, r
    needles = [*STRUCT.values(), "ghp_Zk4Np8Qr2Tw6Lm1Xc9Vb3Hd7Fs5Gj0Ka2Ue9y", "Sx7-Ky2-Vq9"]
    assert json.loads(r.stdout)["ingested"] == 0
    led = ledger_events(root)
    assert len(led) == 3 and len({e["id"] for e in led}) == 3
    outs = run_pipeline(inproc, root)
    outs.append(inproc("--home", root, "status"))
    for e in led:
        outs.append(inproc("--home", root, "get", f"event:{e['id']}"))
        assert outs[-1].exit_code == 0, outs[-1]
    for res in outs:
        assert_no_crash(res)
        for needle in needles:
            assert needle not in res.stdout and needle not in res.stderr, (needle, res)
    assert find_in_home(root, needles) == []


NOTE_SECRETS = [("sendgrid", "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"),
                ("password", "Wy7!bank2026"), ("api-key", "e4433506a10b24499dbf9dcb9d4aee25")]


def _plant_people_files(root):
    (root / "notes").mkdir(exist_ok=True)
    (root / "notes" / "deploy.md").write_text(
        "---\ntitle: Deploy notes for billing\nsummary: staging login, password is Wy7!bank2026\n---\n"
        "# Deploy notes for billing\n\nSend mail with the SendGrid key 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\n"
        "and the staging deploy of billing.\n", encoding="utf-8")
    (root / "memory" / "operator.md").write_text(
        "# Operator memory\n\n- Deploys of billing go through the staging box first.\n"
        "- DD_API_KEY=e4433506a10b24499dbf9dcb9d4aee25 is the datadog key for billing.\n", encoding="utf-8")


def test_secrets_in_notes_and_operator_md_are_masked_when_shown(tmp_path, inproc):
    """Item 24: context, search and get mask them (get --raw shows the file as it is);
    doctor names the file and line, never the secret."""
    from holonmem.layout import init_home

    root = tmp_path / "home"
    init_home(root)
    _plant_people_files(root)
    assert inproc("--home", root, "ingest", input="deploy billing to staging\n").exit_code == 0
    needles = [s for _k, s in NOTE_SECRETS]
    shown = [inproc("--home", root, "context", "--task", "deploy billing staging"),
             inproc("--home", root, "context", "--budget", "8000"),
             inproc("--home", root, "search", "billing deploy staging sendgrid key password", "--limit", "20"),
             inproc("--home", root, "search", "billing datadog key", "--json", "--limit", "20"),
             inproc("--home", root, "get", "note:notes/deploy.md"),
             inproc("--home", root, "get", "memory:memory/operator.md", "--json")]
    for r in shown:
        assert r.exit_code == 0, r
        for needle in needles:
            assert needle not in r.stdout and needle not in r.stderr, (needle, r.args if hasattr(r, "args") else r)
    ctx = shown[0].stdout
    assert "Deploys of billing go through the staging box first." in ctx and "[REDACTED:" in ctx
    assert "note:notes/deploy.md" in shown[2].stdout + shown[3].stdout
    assert "[REDACTED:" in shown[4].stdout and "and the staging deploy of billing." in shown[4].stdout
    raw = inproc("--home", root, "get", "note:notes/deploy.md", "--raw")
    assert raw.exit_code == 0 and raw.stdout == (root / "notes" / "deploy.md").read_text(encoding="utf-8")
    doc = inproc("--home", root, "doctor", "--json")
    found = {(f["file"], f["line"]) for f in json.loads(doc.stdout)["findings"] if f["check"] == "secrets"}
    assert {("notes/deploy.md", 3), ("notes/deploy.md", 7), ("memory/operator.md", 4)} <= found, doc.stdout
    for needle in needles:
        assert needle not in doc.stdout and needle not in doc.stderr


def test_remember_keeps_secrets_out_of_names_index_and_journal(tmp_path, inproc):
    """Item 25: the statement is redacted before the slug, MEMORY.md line and journal
    are made from it; a secret given as --project is refused, nothing written."""
    from holonmem.layout import init_home

    root = tmp_path / "home"
    init_home(root)
    stmts = ["Send invoices with SENDGRID 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",
             "The staging pw for the admin is Nc5-Tq8-Wz2",
             "Use the datadog key 0f6ab1ea3242479c079dea683d06491d for billing metrics"]
    needles = ["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", "Nc5-Tq8-Wz2",
               "0f6ab1ea3242479c079dea683d06491d", "sk_live_51Lq8Zr2Xw7Kp4Tn9Vb1Hc6Fg", "nc5-tq8-wz2",
               "0f6ab1ea", "lTAYarl9"]
    for s in stmts:
        r = inproc("--home", root, "remember", s)
        assert r.exit_code == 0, r
        for needle in needles:
            assert needle not in r.stdout + r.stderr
    r = inproc("--home", root, "remember", "Deploy on Fridays", "--project", "sk_live_51Lq8Zr2Xw7Kp4Tn9Vb1Hc6Fg")
    assert r.exit_code != 0 and "secret" in r.stderr
    assert "sk_live_51Lq8Zr2Xw7Kp4Tn9Vb1Hc6Fg" not in r.stdout + r.stderr
    names = [p.name.lower() for p in (root / "memory").iterdir()]
    assert len(names) == 5, names  # three memories, operator.md, self.md
    for needle in needles:
        assert all(needle.lower() not in n for n in names), (needle, names)
    assert find_in_home(root, needles) == []


@pytest.mark.xfail(strict=True, reason="formats/text.py keeps only PEM private-key blocks in one event; a pasted "
                   "PuTTY key is cut into lines and its Private-Lines are stored (needs the PuTTY block there too)")
def test_putty_key_pasted_as_plain_text(home, cli):
    text = next(t for n, t, _s in SECRETS if n == "putty-private")
    needle = next(s for n, _t, s in SECRETS if n == "putty-private")
    r = cli("--home", home.root, "ingest", input=text + "\n")
    assert r.exit_code == 0, r
    assert find_in_home(home.root, [needle]) == []


def test_a_placeholder_is_never_redacted_again():
    """'token V' was redacted by the bearer rule, then the key-name detector read the
    placeholder's own words as a gap and bound 'bearer-token' as the value:
    '[REDACTED:[REDACTED:secret]]'. Every secret of the corpus ends as one flat placeholder."""
    from holonmem.redact import Redactor

    r = Redactor()
    assert r.redact_text("overleaf token Zb3Xf8Qa2Lm7Kp4Wr9Tn1Vc6Hd0Jy5Ue") == "overleaf token [REDACTED:bearer-token]"
    assert r.redact_text("my token: Zb3Xf8Qa2Lm7Kp4Wr9Tn1Vc6Hd0Jy5Ue") == "my token: [REDACTED:token]"
    for name, text, _needle in SECRETS:
        assert "[REDACTED:[" not in r.redact_text(text), name
