#!/usr/bin/python3
"""Builds herobridge-fuzz with libFuzzer and AddressSanitizer, then fuzzes or replays its harnesses.

    scripts/fuzz.py run [HARNESS...]     fuzz each harness for FUZZ_SECONDS (default 60) on a temporary copy of
                                         its corpus, FUZZ_JOBS (default 1) at a time; FUZZ_MERGE=1 merges the
                                         new coverage back into Fuzz/corpus
    scripts/fuzz.py replay [HARNESS...]  run every committed corpus input once (libFuzzer -runs=0): what CI does
    scripts/fuzz.py build                only the build

Without HARNESS names (or FUZZ_HARNESSES="a b"), every harness `herobridge-fuzz --list` names. One line per
harness: executions, coverage (libFuzzer's cov: edges and ft: features), and what was found. A crash, leak,
timeout or out-of-memory input is saved under build/fuzz/<harness>/ with the harness's log, and makes the
exit status 1. The build goes to .build/fuzz, so it never disturbs the normal one.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SWIFT = os.environ.get("SWIFT", "swift")
BUILD_PATH = os.path.join(ROOT, ".build", "fuzz")
BINARY = os.path.join(BUILD_PATH, "release", "herobridge-fuzz")
CORPUS = os.path.join(ROOT, "Fuzz", "corpus")
DICTS = os.path.join(ROOT, "Fuzz", "dict")
FINDINGS = os.path.join(ROOT, "build", "fuzz")
# swiftc rejects -sanitize=undefined on Linux; Swift's own overflow, bounds and unwrap checks trap in -O builds.
SANITIZERS = "fuzzer,address"
FINDING_PREFIXES = ("crash-", "leak-", "timeout-", "oom-")

# The Swift runtime's backtracer trips ASan (a spurious report on any crash): libFuzzer's and ASan's reports suffice.
ENVIRONMENT = dict(os.environ, SWIFT_BACKTRACE="enable=no",
                   ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1:handle_abort=1")


def build():
    started = time.monotonic()
    command = [SWIFT, "build", "--product", "herobridge-fuzz", "--build-path", BUILD_PATH, "-c", "release",
               "-Xswiftc", f"-sanitize={SANITIZERS}", "-Xswiftc", "-DFUZZING"]
    print("+ " + " ".join(command), flush=True)
    result = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if result.returncode != 0:
        sys.stdout.write(result.stdout)
        sys.exit(f"fuzz build failed ({result.returncode})")
    print(f"built herobridge-fuzz (-sanitize={SANITIZERS}) in {time.monotonic() - started:.0f} s", flush=True)


def harnesses(names):
    listed = subprocess.run([BINARY, "--list"], env=ENVIRONMENT, stdout=subprocess.PIPE, text=True, check=True).stdout
    known = {}
    for line in listed.splitlines():
        name, max_len, _ = line.split("\t", 2)
        known[name] = int(max_len)
    names = names or os.environ.get("FUZZ_HARNESSES", "").split() or list(known)
    unknown = [n for n in names if n not in known]
    if unknown:
        sys.exit(f"unknown harness {', '.join(unknown)}; known: {', '.join(known)}")
    return [(name, known[name]) for name in names]


def stats(log):
    """Executions, cov and ft from libFuzzer's output (its final stats, else its last status line)."""
    executions = re.findall(r"stat::number_of_executed_units: (\d+)", log)
    status = re.findall(r"^#(\d+)\s+\S+\s+cov: (\d+) ft: (\d+)", log, re.MULTILINE)
    runs = int(executions[-1]) if executions else int(status[-1][0]) if status else 0
    cov, ft = (status[-1][1], status[-1][2]) if status else ("?", "?")
    return runs, cov, ft


def run_one(name, max_len, arguments, corpus_dirs):
    findings = os.path.join(FINDINGS, name)
    os.makedirs(findings, exist_ok=True)
    # No harness needs a single allocation near 256 MB: one that large is a finding (an OOM), even in a replay.
    command = [BINARY, name, f"-artifact_prefix={findings}/", "-rss_limit_mb=2048", "-malloc_limit_mb=256",
               "-detect_leaks=1", "-print_final_stats=1"] + arguments + corpus_dirs
    dictionary = os.path.join(DICTS, name + ".dict")
    if os.path.exists(dictionary) and "-runs=0" not in arguments:
        command.insert(2, f"-dict={dictionary}")
    before = set(os.listdir(findings))
    started = time.monotonic()
    result = subprocess.run(command, env=ENVIRONMENT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            errors="replace")
    elapsed = time.monotonic() - started
    with open(os.path.join(findings, "fuzz.log"), "w") as log:
        log.write(" ".join(command) + "\n" + result.stdout)
    new = {n for n in os.listdir(findings) if n.startswith(FINDING_PREFIXES)} - before
    counts = {kind: sum(1 for n in new if n.startswith(kind + "-")) for kind in ("crash", "leak", "timeout", "oom")}
    runs, cov, ft = stats(result.stdout)
    failed = result.returncode != 0 or any(counts.values())
    verdict = ", ".join(f"{count} {kind}" for kind, count in counts.items() if count) or (
        f"exit {result.returncode}" if result.returncode else "nothing found")
    print(f"{name:18} {runs:>10} execs  cov {cov:>5}  ft {ft:>6}  {elapsed:6.1f} s  {verdict}"
          + (f"  (log and inputs: build/fuzz/{name}/)" if failed else ""), flush=True)
    return failed


def fuzz_one(name, max_len, seconds, merge):
    committed = os.path.join(CORPUS, name)
    os.makedirs(committed, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"herobridge-fuzz-{name}-") as scratch:
        corpus = os.path.join(scratch, "corpus")
        shutil.copytree(committed, corpus)
        failed = run_one(name, max_len, [f"-max_len={max_len}", "-timeout=1", f"-max_total_time={seconds}"], [corpus])
        if merge:
            subprocess.run([BINARY, name, "-merge=1", f"-max_len={max_len}", "-rss_limit_mb=2048", committed, corpus],
                           env=ENVIRONMENT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return failed


def fuzz(names):
    seconds = int(os.environ.get("FUZZ_SECONDS", "60"))
    merge = os.environ.get("FUZZ_MERGE") == "1"
    # FUZZ_JOBS=N fuzzes N harnesses at once (one libFuzzer process each, single-threaded): on a machine with N cores
    # the whole run takes 1/N of the time. The default is one at a time, so each harness has a core to itself.
    jobs = max(1, int(os.environ.get("FUZZ_JOBS", "1")))
    selected = harnesses(names)
    print(f"fuzzing {seconds} s per harness, {jobs} at a time ({time.strftime('%Y-%m-%d')})", flush=True)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(lambda h: fuzz_one(h[0], h[1], seconds, merge), selected))
    return sum(results)


def replay(names):
    failures = 0
    started = time.monotonic()
    for name, _ in harnesses(names):
        failures += run_one(name, 0, ["-runs=0", "-timeout=10"], [os.path.join(CORPUS, name)])
    print(f"replayed every corpus in {time.monotonic() - started:.1f} s", flush=True)
    return failures


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("run", "replay", "build"):
        sys.exit(__doc__)
    build()
    if sys.argv[1] == "build":
        return
    failures = (fuzz if sys.argv[1] == "run" else replay)(sys.argv[2:])
    if failures:
        sys.exit(f"{failures} harness(es) found something: see build/fuzz/<harness>/")


if __name__ == "__main__":
    main()
