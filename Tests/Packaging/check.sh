# Sourced by the packaging tests: check DESCRIPTION COMMAND... runs COMMAND and reports "ok: DESCRIPTION", or
# "FAILED: DESCRIPTION" with the command's output indented; $failures counts the failures.
failures=0
check() {
    local description=$1; shift
    local output
    if output=$("$@" 2>&1); then echo "ok: $description"
    else echo "FAILED: $description"; echo "$output" | sed 's/^/    /'; failures=$((failures + 1)); fi
}
