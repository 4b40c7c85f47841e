#if canImport(Glibc)
    import Glibc
#endif

/// The `IN_*` bits the watch uses, as `UInt32`.
enum InotifyMask {
    static let create = UInt32(IN_CREATE)
    static let delete = UInt32(IN_DELETE)
    static let modify = UInt32(IN_MODIFY)
    static let closeWrite = UInt32(IN_CLOSE_WRITE)
    static let attributes = UInt32(IN_ATTRIB)
    static let movedFrom = UInt32(IN_MOVED_FROM)
    static let movedTo = UInt32(IN_MOVED_TO)
    static let deleteSelf = UInt32(IN_DELETE_SELF)
    static let moveSelf = UInt32(IN_MOVE_SELF)
    static let unmount = UInt32(IN_UNMOUNT)
    static let overflow = UInt32(IN_Q_OVERFLOW)
    static let ignored = UInt32(IN_IGNORED)
    static let isFolder = UInt32(IN_ISDIR)

    /// What each folder is watched for: every change of an entry, and the folder's own end.
    /// Only folders (`IN_ONLYDIR`), never through a link (`IN_DONT_FOLLOW`), and nothing about
    /// entries already unlinked (`IN_EXCL_UNLINK`).
    static let watched =
        create | delete | modify | closeWrite | attributes | movedFrom | movedTo | deleteSelf | moveSelf
        | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW) | UInt32(IN_EXCL_UNLINK)
}
