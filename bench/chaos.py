#!/usr/bin/python3
"""`make chaos`: issue 12's "random X traffic never breaks the agent". For each seed, on a private Xvfb, a fresh
release agent (`herobridge --db TMP agent --verbose`, drop window shown at 400x600+600+0) is sent
Tests/Fixtures/x_chaos.py's traffic for the set time; then:

  alive    the agent is still running;
  rss      its VmRSS after the chaos (and a settle: the log quiet for 3 s, at most 30 s, then 2 s) is within 5 MB
           of the VmRSS taken before (once the agent was ready and had settled): both are reported;
  star     with the favorites reset to Thor alone (`herobridge remove` / `add`, the window redraws from the
           database), a click on Thor's star (row 0, window point (372, 276)) removes Thor;
  drop     a GTK3 drag source (Tests/Fixtures/gtk_drag_source.py text Hulk) dragged by xdotool onto the window's
           circle adds Hulk;
  xclip    a real `xclip -selection clipboard` copy of "Storm" is stored.

  client   x_chaos.py ran its whole time and printed its summary (else the other checks mean little).

Each check is done even when an earlier one failed. Results go to bench/chaos.json (per seed: the figures, the
chaos client's summary, each check with its detail and the agent's log lines around it, the kinds of log lines
the chaos caused); a table is printed. Exits 1 when any check failed for any seed.

usage: chaos.py [--seconds N] [--seeds "1 2 3"] [--kinds all|KIND,...] [--json PATH]
       (CHAOS_SECONDS, default 600; CHAOS_SEEDS, default "1 2 3"; CHAOS_KINDS, default all)
"""
import argparse
import collections
import json
import os
import re
import signal
import subprocess
import sys
import time

from Xlib import X, display as xdisplay

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xharness import BIN, FIXTURES, PY, ROOT, Agent, World, log, wait_until  # noqa: E402

RSS_SLACK_KB = 5 * 1024
ORIGIN = (600, 0)  # the drop window's position (xharness.WINDOW_GEOMETRY)
STAR = (372, 276)  # row 0's star in the window (DropLayout: listTop 248, rows 56, star 40 px, 8 px from the right)
CIRCLE = (200, 120)
STAR_RGB = (255, 194, 8)


def root_point(x, y):
    return ORIGIN[0] + x, ORIGIN[1] + y


def main():
    parser = argparse.ArgumentParser(description="X chaos against a fresh agent per seed")
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("CHAOS_SECONDS", 600)))
    parser.add_argument("--seeds", default=os.environ.get("CHAOS_SEEDS", "1 2 3"))
    parser.add_argument("--kinds", default=os.environ.get("CHAOS_KINDS", "all"))
    parser.add_argument("--json", default=os.path.join(ROOT, "bench", "chaos.json"))
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so that `finally` kills the children
    results = []
    for seed in [int(s) for s in args.seeds.split()]:
        world = World("herobridge-chaos-")
        try:
            results.append(run_seed(world, seed, args.seconds, args.kinds))
        finally:
            world.close()
        write(args.json, results, args)
    table(results)
    return 0 if all(r["passed"] for r in results) else 1


def write(path, results, args):
    with open(path, "w") as f:
        json.dump({"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "seconds": args.seconds,
                   "kinds": args.kinds, "seeds": [r["seed"] for r in results], "results": results}, f, indent=2)


def run_seed(world, seed, seconds, kinds):
    started = time.time()
    agent = Agent(world)
    agent.start()
    settle(agent, 2)
    rss_before = agent.status("VmRSS")
    log("chaos: seed %d, %s s, kinds %s, agent pid %d on %s, VmRSS %s kB" % (
        seed, seconds, kinds, agent.proc.pid, world.display, rss_before))
    out = world.path("chaos-%d.out" % seed)
    client = world.fixture("x_chaos.py", ["--seconds", str(seconds), "--seed", str(seed), "--kinds", kinds], out)
    chaos_started = time.time()
    while client.poll() is None and time.time() - chaos_started < seconds + 120:
        time.sleep(1)
        if not agent.alive():
            break
    if client.poll() is None and agent.alive():
        client.kill()
    client.wait()
    chaos_ended = time.time()
    output = open(out, errors="replace").read()
    summary = next((json.loads(line[len("summary "):]) for line in output.splitlines() if line.startswith("summary ")),
                   None)
    settle(agent, 30)
    time.sleep(2)
    rss_after = agent.status("VmRSS")
    result = {"seed": seed, "seconds": seconds, "kinds": kinds, "agent_pid": agent.proc.pid,
              "rss_before_kb": rss_before, "rss_after_kb": rss_after, "rss_peak_kb": agent.status("VmHWM"),
              "chaos_exit": client.returncode, "chaos_summary": summary,
              "chaos_output_tail": output.splitlines()[-5:] if summary is None else [], "checks": {}}
    chaos_lines = [(w, t, r) for w, t, r in agent.read() if chaos_started <= w <= chaos_ended + 1]
    result["log_lines_during_chaos"] = len(chaos_lines)
    result["log_kinds"] = dict(collections.Counter(shape(t) for _, t, _ in chaos_lines).most_common(40))
    examples = collections.defaultdict(list)  # the first raw lines of each kind, to read what the counts mean
    for _, t, raw in chaos_lines:
        if shape(t) in result["log_kinds"] and len(examples[shape(t)]) < 3:
            examples[shape(t)].append(raw)
    result["log_examples"] = dict(examples)
    result["log_warnings"] = [r for _, t, r in chaos_lines if re.search(r"error|warning|could not|crash|fatal", t, re.I)][:40]

    checks = result["checks"]
    # The client itself must have run its whole time: a crash of ours would make the other checks mean little.
    checks["client"] = {"ok": client.returncode == 0 and summary is not None,
                        "detail": "ran %s actions" % summary["actions"] if summary else
                        "x_chaos.py exited %s: %s" % (client.returncode, " / ".join(output.splitlines()[-3:]))}
    checks["alive"] = {"ok": agent.alive(), "detail": "running" if agent.alive() else "exited with %s" % agent.proc.returncode}
    if not agent.alive():
        checks["alive"]["log"] = [r for _, _, r in agent.read()[-40:]]
    if rss_before is not None and rss_after is not None:
        grew = rss_after - rss_before
        checks["rss"] = {"ok": grew <= RSS_SLACK_KB, "detail": "%.1f MB -> %.1f MB (%+.1f MB)" % (
            rss_before / 1024, rss_after / 1024, grew / 1024)}
    else:
        checks["rss"] = {"ok": False, "detail": "no reading (the agent is gone)"}
    for name, check in (("star", check_star), ("drop", check_drop), ("xclip", check_xclip)):
        mark = time.time()
        if agent.alive():
            try:
                ok, detail = check(world, agent)
            except Exception as e:  # a harness problem is a failed check, reported as such
                ok, detail = False, "harness error: %r" % e
        else:
            ok, detail = False, "the agent is not running"
        time.sleep(0.3)
        checks[name] = {"ok": ok, "detail": detail}
        if not ok:
            checks[name]["log"] = [r for w, _, r in agent.read() if w >= mark - 0.5][-40:]
    result["passed"] = all(c["ok"] for c in checks.values())
    result["duration_s"] = round(time.time() - started)
    agent.stop()
    log("chaos: seed %d: %s" % (seed, ", ".join("%s %s" % (k, "ok" if v["ok"] else "FAILED (%s)" % v["detail"])
                                               for k, v in checks.items())))
    return result


def settle(agent, limit):
    """Until the agent's log has been quiet for 3 s (at most `limit` seconds)."""
    end = time.time() + limit
    seen, quiet_since = len(agent.read()), time.time()
    while time.time() < end and time.time() - quiet_since < 3:
        time.sleep(0.2)
        if len(agent.read()) != seen:
            seen, quiet_since = len(agent.lines), time.time()


def shape(text):
    """A log line with its numbers, window ids and names taken out, to count kinds of lines."""
    text = re.sub(r"0x[0-9a-f]+", "0x…", text)
    text = re.sub(r"\d+", "N", text)
    text = re.sub(r"\(.*", "(…", text)
    return text[:100]


def names(agent):
    return [f["name"] for f in agent.favorites()]


def cli(world, agent, *args):
    result = world.run([BIN, "--db", agent.db] + list(args))
    if result.returncode != 0:
        raise RuntimeError("herobridge %s: %s" % (" ".join(args), result.stderr.decode(errors="replace")))


def drop_window(world):
    found = world.run(["xdotool", "search", "--classname", "^herobridge$"]).stdout.decode().split()
    return int(found[0]) if found else None


def pixel(world, wid, x, y):
    d = xdisplay.Display(world.display)
    try:
        image = d.create_resource_object("window", wid).get_image(x, y, 1, 1, X.ZPixmap, 0xFFFFFFFF)
        b, g, r = image.data[0], image.data[1], image.data[2]
        return r, g, b
    finally:
        d.close()


def close_to(rgb, expected, tolerance=20):
    return rgb is not None and all(abs(a - b) <= tolerance for a, b in zip(rgb, expected))


def check_star(world, agent):
    present = names(agent)
    if present:
        cli(world, agent, "remove", *present)
    cli(world, agent, "add", "Thor")
    wid = drop_window(world)
    if wid is None:
        return False, "no window with WM_CLASS herobridge"
    # The window learns of the CLI's change through inotify and redraws: wait for Thor's star.
    if not wait_until(lambda: close_to(pixel(world, wid, *STAR), STAR_RGB), 5, 0.1):
        return False, "Thor's star was not drawn within 5 s (pixel %s)" % (pixel(world, wid, *STAR),)
    x, y = root_point(*STAR)
    world.run(["xdotool", "mousemove", str(x), str(y), "sleep", "0.05", "click", "1"])
    if wait_until(lambda: "Thor" not in names(agent), 5, 0.1):
        return True, "Thor removed"
    return False, "Thor still a favorite 5 s after the click on its star (favorites: %s; %s)" % (
        names(agent), masks(world, wid))


def masks(world, wid):
    """Which events anyone selects on the window: the agent's ButtonPress must be among them for a click to work."""
    d = xdisplay.Display(world.display)
    try:
        every = d.create_resource_object("window", wid).get_attributes().all_event_masks
        return "all clients' event mask on the window 0x%x, ButtonPress %s" % (
            every, "selected" if every & X.ButtonPressMask else "NOT selected by anyone")
    finally:
        d.close()


def check_drop(world, agent):
    if "Hulk" in names(agent):
        cli(world, agent, "remove", "Hulk")
    out = world.path("drag-source.out")
    source = world.fixture("gtk_drag_source.py", ["text", "Hulk"], out)
    try:
        if not wait_until(lambda: "ready" in open(out).read(), 20, 0.05):
            return False, "the GTK drag source did not start: " + open(out).read()[-300:]
        time.sleep(0.2)  # let GTK finish its first paint before the pointer arrives
        x, y = root_point(*CIRCLE)
        world.run(["xdotool", "mousemove", "150", "110", "sleep", "0.05", "mousedown", "1", "sleep", "0.05",
                   "mousemove", "170", "115", "sleep", "0.05", "mousemove", str(x), str(y), "sleep", "0.05",
                   "mousemove", str(x + 2), str(y + 2), "sleep", "0.15", "mouseup", "1"])
        ended = wait_until(lambda: "end" in open(out).read() or "failed" in open(out).read(), 10, 0.05)
        said = " ".join(open(out).read().split())
        if wait_until(lambda: "Hulk" in names(agent), 10, 0.1):
            return True, "Hulk added (source: %s)" % said
        if not ended:
            world.run(["xdotool", "mousemove", str(x), str(y), "sleep", "0.1", "mouseup", "1"])
        return False, "Hulk not added within 10 s of the drop (source said: %s)" % (said or "nothing")
    finally:
        source.kill()
        source.wait()


def check_xclip(world, agent):
    if "Storm" in names(agent):
        cli(world, agent, "remove", "Storm")
    # No pipe but stdin: the forked xclip keeps its stdout and stderr open as long as it owns CLIPBOARD.
    copied = subprocess.run(["xclip", "-selection", "clipboard"], input=b"Storm", env=world.env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if copied.returncode != 0:
        return False, "xclip exited %d" % copied.returncode
    if wait_until(lambda: "Storm" in names(agent), 10, 0.1):
        return True, "Storm stored"
    return False, "Storm not stored within 10 s of the copy"


def table(results):
    print("\n%-5s %8s %-10s %8s %11s %11s  %-6s %-6s %-6s %-6s %-6s %-6s" % (
        "seed", "seconds", "kinds", "actions", "RSS before", "RSS after", "client", "alive", "rss", "star", "drop",
        "xclip"))
    for r in results:
        c = r["checks"]
        actions = (r["chaos_summary"] or {}).get("actions", "-")
        print("%-5s %8.0f %-10s %8s %8.1f MB %8.1f MB  %-6s %-6s %-6s %-6s %-6s %-6s" % (
            r["seed"], r["seconds"], r["kinds"][:10], actions, (r["rss_before_kb"] or 0) / 1024,
            (r["rss_after_kb"] or 0) / 1024,
            *("ok" if c[k]["ok"] else "FAIL" for k in ("client", "alive", "rss", "star", "drop", "xclip"))))
    for r in results:
        for name, check in r["checks"].items():
            if not check["ok"]:
                print("\nseed %s, %s FAILED: %s" % (r["seed"], name, check["detail"]))
                for line in check.get("log", [])[-12:]:
                    print("  " + line)
    print("\nchaos: %d of %d seeds passed every check; bench/chaos.json written" % (
        sum(1 for r in results if r["passed"]), len(results)))


if __name__ == "__main__":
    sys.exit(main())
