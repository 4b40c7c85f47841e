# Counts the tests in a `swift test` log, Swift Testing and XCTest alike; sourced by
# scripts/test-all and tested by scripts/test-scripts against saved logs (scripts/tests/logs).
#
# count_tests LOG sets $passed and $failed: tests, not lines. A test that records several
# issues (Swift Testing) or several assertion failures (XCTest, whose "with N failures" counts
# failures, not tests) is one failed test.
count_tests() {
    local log=$1 total failing xc_total xc_failed
    total=$(grep -Eo 'Test run with [0-9]+ tests?' "$log" | grep -Eo '[0-9]+' | tail -n 1)
    # One line per failed test ("✘ Test x() failed after ..."), not one per recorded issue.
    failing=$(grep -E '^✘ Test .* failed after' "$log" | grep -vc '^✘ Test run')
    # XCTest: the last "Executed N tests" is the whole run; a failed test is one "Test Case
    # '...' failed" line, however many assertions failed in it.
    xc_total=$(grep -Eo 'Executed [0-9]+ tests?, with [0-9]+ failures?' "$log" | tail -n 1 | grep -Eo '[0-9]+' | head -n 1)
    xc_failed=$(grep -Ec "^Test Case '.*' failed \(" "$log")
    total=${total:-0}; failing=${failing:-0}; xc_total=${xc_total:-0}; xc_failed=${xc_failed:-0}
    failed=$((failing + xc_failed))
    passed=$((total - failing + xc_total - xc_failed))
    if [ "$passed" -lt 0 ]; then passed=0; fi
}
