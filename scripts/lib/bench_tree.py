#!/usr/bin/env python3
"""The generated trees of scripts/bench and scripts/bench-instructions (one generator, so both
measure the same files).

usage: bench_tree.py OUT KIND COUNT SEED MIB
  KIND small: COUNT files of 1-16 KiB, 100 to a folder (d0000/f000.bin ...) in OUT/tree, the 1%
              of them the "1% changed" case modifies in OUT/modify.list, and 1,000 bytes to
              append to each in OUT/modify.bytes;
  KIND large: COUNT files of MIB MiB each in OUT/tree.
The same SEED, KIND and COUNT give the same bytes on every machine (Python's seeded Random).
"""
import os, random, sys
out, kind, count, seed, mib = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
rng = random.Random(f"{seed}-{kind}-{count}")
tree = os.path.join(out, "tree")
os.mkdir(tree)
if kind == "small":
    per_folder = 100
    folders = max(1, (count + per_folder - 1) // per_folder)
    names = []
    for i in range(count):
        folder = f"d{i // per_folder:04d}"
        if i % per_folder == 0:
            os.mkdir(os.path.join(tree, folder))
        rel = f"{folder}/f{i % per_folder:03d}.bin"
        with open(os.path.join(tree, rel), "wb") as f:
            f.write(rng.randbytes(rng.randint(1024, 16384)))
        names.append(rel)
    changed = rng.sample(names, max(1, count // 100))
    with open(os.path.join(out, "modify.list"), "w") as f:
        f.write("\n".join(sorted(changed)) + "\n")
    with open(os.path.join(out, "modify.bytes"), "wb") as f:
        f.write(rng.randbytes(1000))
else:
    chunk = 1 << 20
    for i in range(count):
        with open(os.path.join(tree, f"large{i:02d}.bin"), "wb") as f:
            for _ in range(mib):
                f.write(rng.randbytes(chunk))
