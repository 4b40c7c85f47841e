// synccli: the composition root. Everything happens in SyncCLICore; this file only starts it.
import Foundation
import ProcessMemory
import SyncCLICore

// glibc serves a large block from a mapping of its own, handed back when freed, but raises that
// size each time such a block is freed: after the plan's tables are freed, the next ones are
// carved from the heap, whose pages stay the process's. A first sync of 100,000 files held a live
// heap of 105 MiB at its peak and a peak resident size of 140 to 373 MiB from run to run; with
// the size fixed at 2 MiB (a table of more than about 25,000 paths is larger; a copy's 1 MiB
// buffer is not), 113 to 117 MiB, in the same time (2026-12-05).
_ = process_memory_map_blocks_from(2 << 20)

let code = await SyncCLI.run(Array(CommandLine.arguments.dropFirst()))
exit(code.rawValue)
