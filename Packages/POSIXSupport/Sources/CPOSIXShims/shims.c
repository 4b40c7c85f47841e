#define _GNU_SOURCE
#include "CPOSIXShims.h"
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <fcntl.h>
#include <sys/stat.h>

#if defined(__linux__)
#include <linux/fs.h>
#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE (1 << 0)
#endif
#endif

int cposix_rename_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath) {
#if defined(__linux__) && defined(SYS_renameat2)
    return (int)syscall(SYS_renameat2, olddirfd, oldpath, newdirfd, newpath, RENAME_NOREPLACE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int cposix_current_umask(void) {
#if defined(__linux__)
    FILE *f = fopen("/proc/self/status", "re");
    if (f == NULL) return -1;
    char line[256];
    int result = -1;
    while (fgets(line, sizeof line, f) != NULL) {
        unsigned int mask;
        if (sscanf(line, "Umask: %o", &mask) == 1) { result = (int)mask; break; }
    }
    fclose(f);
    return result;
#else
    return -1;
#endif
}

long cposix_utime_omit(void) {
    return UTIME_OMIT;
}

long cposix_copy_file_range(int fd_in, int fd_out, unsigned long length) {
#if defined(__linux__) && defined(SYS_copy_file_range)
    return (long)syscall(SYS_copy_file_range, fd_in, NULL, fd_out, NULL, (size_t)length, 0u);
#else
    (void)fd_in; (void)fd_out; (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

long cposix_copy_file_range_at(int fd_in, long long *offset_in, int fd_out, long long *offset_out,
                               unsigned long length) {
#if defined(__linux__) && defined(SYS_copy_file_range)
    // The kernel's loff_t is a 64-bit long long on every Linux target.
    return (long)syscall(SYS_copy_file_range, fd_in, offset_in, fd_out, offset_out, (size_t)length, 0u);
#else
    (void)fd_in; (void)offset_in; (void)fd_out; (void)offset_out; (void)length;
    errno = ENOSYS;
    return -1;
#endif
}

int cposix_syncfs(int fd) {
#if defined(__linux__)
    return syncfs(fd);
#else
    /* No syncfs: flush this one file or folder; callers sync each file's data themselves there. */
    return fsync(fd);
#endif
}
