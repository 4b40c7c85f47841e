import InMemorySupport

extension MockRoot {
    /// How many links one resolution follows before giving up, as Linux does (`ELOOP`).
    static let maximumLinkHops = 40

    /// `path` with every symbolic link in it followed, component by component, as the kernel
    /// resolves a path by name: an absolute target restarts at `/`, a relative one continues in
    /// the link's folder, `..` after a link leaves the folder the link led to.
    /// - Returns: the resolved key, or nil after ``maximumLinkHops`` links (a loop). A missing
    ///   component is kept as it is: the caller finds nothing there.
    static func resolvingLinks(_ path: PathKey, in tree: InMemoryTree) -> PathKey? {
        var current = PathKey.root
        var pending = Array(path.components.reversed())
        var hops = 0
        let dot = Array(".".utf8)
        let dotDot = Array("..".utf8)
        while let name = pending.popLast() {
            if name == dot { continue }
            if name == dotDot {
                current = current.parent
                continue
            }
            let next = current.appending(name)
            guard case .symbolicLink(let target)? = tree.entry(at: next)?.kind else {
                current = next
                continue
            }
            hops += 1
            if hops > maximumLinkHops { return nil }
            if target.hasPrefix("/") { current = .root }
            let parts = target.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map {
                Array($0)
            }
            pending.append(contentsOf: parts.reversed())
        }
        return current
    }
}
