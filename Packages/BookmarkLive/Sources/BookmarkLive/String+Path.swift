extension String {
    /// The path without a trailing slash (`/` itself stays).
    var trimmingTrailingSlash: String { count > 1 && hasSuffix("/") ? String(dropLast()) : self }
}
