"""The CJK-aware analyzer: what text becomes in the index and in queries."""

from __future__ import annotations

import pickle

from holonmem.analysis import HolonAnalyzer, is_cjk, query_terms, tokens


def index_terms(text: str) -> list[str]:
    return list(tokens(text))


def test_cjk_runs_become_unigrams_and_bigrams_at_index_time():
    assert index_terms("兵马俑") == ["兵", "兵马", "马", "马俑", "俑"]
    assert index_terms("票") == ["票"]


def test_query_uses_bigrams_for_runs_and_the_char_for_a_lone_one():
    assert query_terms("路线检查") == ["路线", "线检", "检查"]
    assert query_terms("马俑") == ["马俑"]
    assert query_terms("票") == ["票"]
    # every query term of a CJK run is among the index terms of text holding it
    text = "西安兵马俑门票"
    assert set(query_terms("兵马俑")) <= set(index_terms(text))
    assert set(query_terms("票")) <= set(index_terms(text))


def test_mixed_script_splits_by_script():
    assert query_terms("Whoosh索引重建") == ["whoosh", "索引", "引重", "重建"]
    assert query_terms("用 pnpm 构建") == ["用", "pnpm", "构建"]


def test_latin_words_lowercased_stemmed_and_stopwords_dropped():
    assert query_terms("What did Caroline research?") == ["carolin", "research"]
    assert query_terms("Running the tests") == ["run", "test"]
    # identifiers split on _ . - and keep digits
    assert query_terms("whoosh.index.LockError on MAIN_WRITELOCK") == ["whoosh", "index", "lockerror", "main", "writelock"]
    assert query_terms("G6 2026-07-02") == ["g6", "2026", "07", "02"]
    # single letters and apostrophe fragments are noise
    assert query_terms("I'd rather") == ["rather"]


def test_index_and_query_agree_on_latin_terms():
    doc = "Lin prefers concise answers; he is installing invoicer in editable mode."
    q = query_terms("install editable answer")
    assert set(q) <= set(index_terms(doc))


def test_kana_and_hangul_count_as_cjk():
    assert is_cjk("ひ") and is_cjk("한") and is_cjk("中")
    assert not is_cjk("a") and not is_cjk("1")
    assert query_terms("ひらがな") == ["ひら", "らが", "がな"]


def test_whoosh_analyzer_pickles_by_module_path_and_tokenizes_like_tokens():
    ana = HolonAnalyzer()
    data = pickle.dumps(ana)
    assert b"holonmem.analysis" in data and b"HolonAnalyzer" in data
    back = pickle.loads(data)
    assert back == ana
    assert [t.text for t in back("北京行程 Beijing trips")] == index_terms("北京行程 Beijing trips")
    assert [t.text for t in back("北京行程", mode="query")] == query_terms("北京行程")


def test_loading_whoosh_leaves_real_modules_and_whoosh_works_through_its_stand_ins():
    import subprocess
    import sys

    code = ("import sys, holonmem.analysis, whoosh.compat, whoosh.util.times, whoosh.filedb.filetables as ft\n"
            "shims = [n for n in ('urllib.request', 'html', 'queue', 'calendar', 'hashlib')\n"
            "         if n in sys.modules and not hasattr(sys.modules[n], '__file__')]\n"
            "assert not shims, ('stand-ins left behind', shims)\n"
            # loading whoosh loaded none of them (that is what the stand-ins are for)
            "loaded = [n for n in ('urllib.request', 'html', 'queue', 'calendar', '_hashlib') if n in sys.modules]\n"
            "assert not loaded, ('loaded with whoosh', loaded)\n"
            # what whoosh bound while they stood in still works, and loads the real module
            "assert whoosh.compat.htmlescape('<a href=\"x\">') == '&lt;a href=&quot;x&quot;&gt;'\n"
            "assert whoosh.util.times.calendar.monthrange(2024, 2)[1] == 29\n"
            "assert whoosh.compat.queue.Queue().empty()\n"
            "import hashlib\n"
            "assert ft.md5_hash(b'route_checker') == int(hashlib.md5(b'route_checker').hexdigest(), 16) & 0xFFFFFFFF\n"
            # and a later import gets the real modules
            "import urllib.request, html.parser, queue, calendar\n"
            "assert hasattr(urllib.request, 'urlopen') and hasattr(urllib.request, 'Request')\n"
            "assert html.parser.HTMLParser and queue.Queue and calendar.isleap(2024) and hashlib.sha256\n"
            "print('ok')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "ok", r.stderr


def test_unused_whoosh_language_modules_load_only_on_use():
    import subprocess
    import sys

    code = ("import sys, holonmem.analysis, whoosh.index, whoosh.searching\n"
            "loaded = [m for m in ('whoosh.lang.morph_en', 'whoosh.lang.porter', 'whoosh.lang.dmetaphone')\n"
            "          if hasattr(sys.modules.get(m), '__file__')]\n"
            "assert not loaded, loaded\n"
            "from whoosh.lang.morph_en import variations\n"
            "from whoosh.lang.porter import stem\n"
            "assert 'ran' in variations('run') and stem('dogs') == 'dog'\n"
            "print('ok')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert r.stdout.strip() == "ok", r.stderr
