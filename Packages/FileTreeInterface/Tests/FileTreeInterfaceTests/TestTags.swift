import Testing

extension Tag {
    /// A test that runs in microseconds on one thread.
    @Tag static var small: Self
}
