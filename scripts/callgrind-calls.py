#!/usr/bin/env python3
"""Prints how many times a callgrind run called each named function, one count a line.

    callgrind-calls.py CALLGRIND_OUT FUNCTION...

A FUNCTION written `CALLEE<CALLER` counts only the calls of CALLEE made by functions whose names
start with CALLER.

scripts/instructions.sh uses it to count the executor jobs of a scroll: each call of
`swift_task_enqueueGlobal` is a job for the global executor, each `_dispatch_main_queue_push` one
for the main queue, and each such hop between threads costs far more time than its instructions.
It also counts the slabs a task's allocator takes from malloc (`malloc<swift::StackAllocator`): an
async function's frame lives in its task's allocator, which mallocs a slab of about 1,000 bytes
whenever its frames outgrow the slabs it has, and frees them all when the task ends.
"""
import re
import sys


def calls(path, wanted):
    # Each wanted name as (callee, caller prefix or None).
    targets = {name: tuple(name.split("<", 1)) if "<" in name else (name, None) for name in wanted}
    names, counts, caller, callee = {}, dict.fromkeys(wanted, 0), None, None
    with open(path, errors="replace") as lines:
        for line in lines:
            if line.startswith(("fn=", "cfn=")):
                # `cfn=(12) name` names a function the first time, `cfn=(12)` after that.
                match = re.match(r"c?fn=\((\d+)\)(?: (.*))?", line.strip())
                if match and match.group(2):
                    names[match.group(1)] = match.group(2)
                name = names.get(match.group(1)) if match else None
                if line.startswith("fn="):
                    caller, callee = name, None
                else:
                    callee = name
            elif line.startswith("calls=") and callee is not None:
                count = int(line.split("=")[1].split()[0])
                for wanted_name, (target, prefix) in targets.items():
                    if callee == target and (prefix is None or (caller or "").startswith(prefix)):
                        counts[wanted_name] += count
                callee = None
    return counts


counts = calls(sys.argv[1], sys.argv[2:])
for name in sys.argv[2:]:
    print(counts[name])
