extension TreeError {
    /// Why a root cannot be used (``TreeError/rootUnavailable(_:reason:)``).
    public enum RootProblem: Sendable, Equatable {
        /// Nothing is at the root's path, or something other than a folder is.
        case missingOrNotAFolder
        /// The root's last component is a symbolic link. Roots are opened without following
        /// links, so a link planted where a folder should be (in a shared container, say) can
        /// never send a sync's reads or writes elsewhere.
        case symbolicLink
        /// The root lives on a server that cannot be used now: unreachable, refusing the
        /// credentials, or not speaking the protocol. The text says which, for a person to act on.
        case unreachable(String)
    }
}
