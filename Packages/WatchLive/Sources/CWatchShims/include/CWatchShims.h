#ifndef CWATCHSHIMS_H
#define CWATCHSHIMS_H

/// Creates a pipe whose two ends are close-on-exec and non-blocking, in one call (pipe2), so a
/// child process started at the same moment never inherits them. Returns 0, or -1 with errno.
int cwatch_wake_pipe(int fds[2]);

#endif
