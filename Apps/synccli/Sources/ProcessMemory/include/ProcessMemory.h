#ifndef PROCESS_MEMORY_H
#define PROCESS_MEMORY_H

#include <stddef.h>

/// Makes the C allocator serve every block of `bytes` or more from a mapping of its own, handed
/// back to the system as soon as it is freed, for the rest of the process (glibc; elsewhere it
/// does nothing). Call it before the first large allocation.
///
/// Returns 1 when the allocator took the setting, 0 when it did not (or there is none to set).
int process_memory_map_blocks_from(size_t bytes);

#endif
