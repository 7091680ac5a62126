#!/usr/bin/env python3
"""Prints scripts/instructions.sh's figures from its counts, and with a baseline, their changes.

    instructions-report.py NOW.counts BASE.counts [BASE_NAME]

Each counts file has `NAME INSTRUCTIONS` lines (instructions per unit of work); BASE.counts may be
empty. A figure missing from a file (a command its revision lacks) shows as n/a.
"""
import os
import sys

LINKS = ["log", "resetGuard", "environment", "deduplication", "throttle", "retry", "bearerAuth", "redirect"]
FIXTURES = [
    "spud_GetCommentsResponse_1549703-hot.json",
    "posts-0.19-limit50.json",
    "lemmykit_GetPostsResponse_0.19.18.json",
]


def read(path):
    counts = {}
    for line in open(path):
        parts = line.split()
        if len(parts) == 2:
            counts[parts[0]] = int(parts[1])
    return counts


def derived(c):
    """Every figure the report shows, from raw counts: None where a count is missing."""

    def get(*names):
        values = [c.get(name) for name in names]
        return None if None in values else values

    def diff(a, b):
        v = get(a, b)
        return None if v is None else v[0] - v[1]

    def per_item(name):
        return None if name not in c else c[name] / 10000

    f = {
        "request through the terminal alone (mock)": c.get("terminal"),
        "request through the full chain (mock)": c.get("chain"),
        "the chain's own cost a request": diff("chain", "terminal"),
    }
    for link in LINKS:
        f[f"  own cost of {link}"] = diff("chain", f"without_{link}")
    labels = {"direct": "AsyncHTTPClient directly", "terminal": "its terminal", "chain": "the full chain", "defaultChain": "LemmyKit's default chain"}
    for client, label in labels.items():
        f[f"loopback GET c=1: {label}"] = c.get(f"loopback_{client}")
    for client in ["terminal", "chain"]:
        f[f"loopback GET c=16: {labels[client]}"] = c.get(f"loopback16_{client}")
        # Slabs, not instructions: mallocs of the tasks' allocators for async frames (800 requests).
        slabs = c.get(f"slabs16_{client}")
        f[f"task-allocator slabs a request, c=16: {labels[client]}"] = None if slabs is None else slabs / 800
    for fixture in FIXTURES:
        f[f"typed decode {fixture}"] = c.get(f"decode_{fixture}")
        f[f"JSONSerialization {fixture}"] = c.get(f"serialize_{fixture}")
    f["first ingest of a 50-post page (its empty client's cost taken out)"] = diff("ingest_and_client", "clients")
    f["re-merge of a 50-post page"] = c.get("remerge")
    f["first ingest of the 811 KB comment page (its empty client's cost taken out)"] = diff("ingest_comments_and_client", "clients")
    f["re-merge of the 811 KB comment page"] = c.get("remerge_comments")
    f["feed scroll per item: fetcher"] = per_item("fetcher")
    f["feed scroll per item: FeedLoader without filters"] = per_item("feed_plain")
    f["feed scroll per item: FeedLoader with 4 filters"] = per_item("feed_filtered")
    scrolls = [("raw", "raw client"), ("rawList", "raw client keeping its posts"), ("models", "ApiClient models"), ("feed", "PostFeed")]
    for kind, label in scrolls:
        f[f"10,000-post scroll: {label}"] = c.get(f"scroll_{kind}")
    # Jobs, not instructions: each is a hop between threads (200 pages a scroll).
    for queue, queue_label in [("global", "global executor"), ("main", "main queue")]:
        for kind, label in scrolls:
            jobs = c.get(f"jobs_{kind}_{queue}")
            f[f"executor jobs a page of the scroll, {queue_label}: {label}"] = None if jobs is None else jobs / 200
    f["test server, GetPosts limit 20 (0.19, small seed), a request"] = c.get("server_getposts20")
    return f


def ratio(a, b):
    return None if a is None or b is None or b == 0 else a / b


def ratios(c):
    """The issue's ratios, as `name: value` pairs."""
    ingest = None if "ingest_and_client" not in c or "clients" not in c else c["ingest_and_client"] - c["clients"]
    out = []
    lt, lc = c.get("loopback_terminal"), c.get("loopback_chain")
    out.append(("loopback: terminal over AsyncHTTPClient directly", ratio(lt, c.get("loopback_direct")), "pct"))
    out.append(("loopback: chain over its terminal", ratio(lc, lt), "pct"))
    out.append(("loopback: LemmyKit's default chain over its terminal", ratio(c.get("loopback_defaultChain"), lt), "pct"))
    out.append(("loopback c=16: chain over its terminal", ratio(c.get("loopback16_chain"), c.get("loopback16_terminal")), "pct"))
    for fixture in FIXTURES:
        out.append((f"typed decode / JSONSerialization, {fixture}", ratio(c.get(f"decode_{fixture}"), c.get(f"serialize_{fixture}")), "x"))
    decode50 = c.get("decode_posts-0.19-limit50.json")
    out.append(("first ingest / decode (50 posts)", ratio(ingest, decode50), "x"))
    out.append(("re-merge / decode (50 posts)", ratio(c.get("remerge"), decode50), "x"))
    comments = None if "ingest_comments_and_client" not in c or "clients" not in c else c["ingest_comments_and_client"] - c["clients"]
    decode_comments = c.get("decode_spud_GetCommentsResponse_1549703-hot.json")
    out.append(("first ingest / decode (811 KB comment page)", ratio(comments, decode_comments), "x"))
    out.append(("re-merge / decode (811 KB comment page)", ratio(c.get("remerge_comments"), decode_comments), "x"))
    out.append(("FeedLoader without filters / fetcher", ratio(c.get("feed_plain"), c.get("fetcher")), "x"))
    out.append(("FeedLoader with 4 filters / fetcher", ratio(c.get("feed_filtered"), c.get("fetcher")), "x"))
    out.append(("ApiClient models / raw client (scroll)", ratio(c.get("scroll_models"), c.get("scroll_raw")), "x"))
    out.append(("PostFeed / raw client (scroll)", ratio(c.get("scroll_feed"), c.get("scroll_raw")), "x"))
    out.append(("ApiClient models / raw client keeping its posts (scroll)", ratio(c.get("scroll_models"), c.get("scroll_rawList")), "x"))
    out.append(("PostFeed / raw client keeping its posts (scroll)", ratio(c.get("scroll_feed"), c.get("scroll_rawList")), "x"))
    return out


def number(value):
    if value is None:
        return "n/a"
    # Small figures (jobs a page) keep their tenths.
    return f"{value:.1f}" if abs(value) < 100 else f"{value:,.0f}"


def shown(value, kind):
    if value is None:
        return "n/a"
    return f"{(value - 1) * 100:+.1f}%" if kind == "pct" else f"{value:.2f}x"


def main():
    now = read(sys.argv[1])
    base = read(sys.argv[2]) if os.path.getsize(sys.argv[2]) else None
    base_name = sys.argv[3] if len(sys.argv) > 3 else ""
    figures, ratio_rows = derived(now), ratios(now)
    if base is None:
        print("Instructions per unit of work (callgrind):")
        for name, value in figures.items():
            print(f"  {name}: {number(value)}")
        print("Ratios:")
        for name, value, kind in ratio_rows:
            print(f"  {name}: {shown(value, kind)}")
        return
    before, before_ratios = derived(base), ratios(base)
    print(f"Instructions per unit of work (callgrind), {base_name} against the working tree, counted side by side:\n")
    print(f"| figure | {base_name} | now | change |\n|---|---|---|---|")
    for name, value in figures.items():
        old = before.get(name)
        change = "n/a" if old is None or value is None or old == 0 else f"{(value / old - 1) * 100:+.1f}%"
        print(f"| {name.strip()} | {number(old)} | {number(value)} | {change} |")
    print(f"\n| ratio | {base_name} | now |\n|---|---|---|")
    for (name, value, kind), (_, old, _) in zip(ratio_rows, before_ratios):
        print(f"| {name} | {shown(old, kind)} | {shown(value, kind)} |")


main()
