#define _GNU_SOURCE
#include "CWatchShims.h"
#include <fcntl.h>
#include <unistd.h>

int cwatch_wake_pipe(int fds[2]) {
#if defined(__linux__)
    return pipe2(fds, O_CLOEXEC | O_NONBLOCK);
#else
    if (pipe(fds) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        fcntl(fds[i], F_SETFD, FD_CLOEXEC);
        fcntl(fds[i], F_SETFL, O_NONBLOCK);
    }
    return 0;
#endif
}
