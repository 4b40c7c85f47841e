#ifndef CPOSIXSHIMS_H
#define CPOSIXSHIMS_H

/// UTIME_OMIT, which Swift does not import (it is a macro expression).
long cposix_utime_omit(void);

/// renameat2(2) with RENAME_NOREPLACE: renames only when the destination does not exist.
/// Returns 0, or -1 with errno set (EEXIST when the destination exists, ENOSYS/EINVAL when the
/// kernel or file system cannot do it).
int cposix_rename_noreplace(int olddirfd, const char *oldpath, int newdirfd, const char *newpath);

/// The process's file mode creation mask, read without changing it (Linux: /proc/self/status).
/// Returns -1 when it cannot be read.
int cposix_current_umask(void);

/// copy_file_range(2) between the current positions of two open files (which it advances).
/// Returns the bytes copied (0 at end of file), or -1 with errno set; ENOSYS where the system
/// has no such call.
long cposix_copy_file_range(int fd_in, int fd_out, unsigned long length);

/// copy_file_range(2) from `*offset_in` of `fd_in` to `*offset_out` of `fd_out` (both advanced
/// by the bytes copied; the files' own positions are left alone). Returns as
/// cposix_copy_file_range.
long cposix_copy_file_range_at(int fd_in, long long *offset_in, int fd_out, long long *offset_out,
                               unsigned long length);

/// syncfs(2): writes back and commits everything of the file system holding `fd` (Linux).
/// Elsewhere it is fsync(2) of `fd` alone. Returns 0, or -1 with errno set (EIO: a write-back
/// failed).
int cposix_syncfs(int fd);

#endif
