import FileTreeInterface
import Foundation

@testable import WebDAVSide

extension ParserChecks {
    /// The side that reads listings of `http://fuzz.test/c/`.
    private static let root = try? RemoteRoot(URL(string: "http://fuzz.test/c/") ?? URL(filePath: "/"))

    /// A listing must parse or be refused; what parses has no negative size, and every `href`
    /// either names the root, an entry whose path is below the root, something unusable in a
    /// folder below the root, or something outside (never a path that climbs out).
    static func multistatus(_ data: Data) -> Outcome {
        guard let resources = try? Multistatus.parse(data) else { return .rejected }
        guard let root else { return .failed("the fuzz root does not open") }
        for resource in resources {
            if let size = resource.contentLength, size < 0 { return .failed("a negative size \(size) was accepted") }
            switch root.member(ofHref: resource.href) {
            case .root, .outside: continue
            case .entry(let path), .unusable(folder: let path, reason: _):
                if path.components.contains("..") || path.components.contains(".") {
                    return .failed("href \(resource.href.debugDescription) became the path \(path)")
                }
            }
        }
        return .accepted
    }
}
