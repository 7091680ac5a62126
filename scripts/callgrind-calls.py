#!/usr/bin/env python3
"""Prints how many times a callgrind run called each named function, one count a line.

    callgrind-calls.py CALLGRIND_OUT FUNCTION...

scripts/instructions.sh uses it to count the executor jobs of a scroll: each call of
`swift_task_enqueueGlobal` is a job for the global executor, each `_dispatch_main_queue_push` one
for the main queue, and each such hop between threads costs far more time than its instructions.
"""
import re
import sys


def calls(path, wanted):
    names, counts, callee = {}, dict.fromkeys(wanted, 0), None
    with open(path, errors="replace") as lines:
        for line in lines:
            if line.startswith(("fn=", "cfn=")):
                # `cfn=(12) name` names a function the first time, `cfn=(12)` after that.
                match = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.strip())
                if match and match.group(2):
                    names[match.group(1)] = match.group(2)
                callee = names.get(match.group(1)) if match and line.startswith("cfn=") else None
            elif line.startswith("calls=") and callee is not None:
                if callee in counts:
                    counts[callee] += int(line.split("=")[1].split()[0])
                callee = None
    return counts


counts = calls(sys.argv[1], sys.argv[2:])
for name in sys.argv[2:]:
    print(counts[name])
