#include "ProcessMemory.h"

#include <limits.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int process_memory_map_blocks_from(size_t bytes) {
#if defined(__GLIBC__)
    if (bytes > INT_MAX) {
        return 0;
    }
    // Setting the threshold also stops glibc from raising it each time a mapped block is freed.
    return mallopt(M_MMAP_THRESHOLD, (int)bytes);
#else
    (void)bytes;
    return 0;
#endif
}
