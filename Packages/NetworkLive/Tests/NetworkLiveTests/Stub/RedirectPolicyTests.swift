import Foundation
import Testing

@testable import NetworkLive

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("The session delegate follows redirects only for reads, and never carries credentials elsewhere")
struct RedirectPolicyTests {
    private func request(_ method: String, _ url: String, authorization: String? = nil) -> URLRequest {
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = method
        if let authorization { request.setValue(authorization, forHTTPHeaderField: "Authorization") }
        return request
    }

    @Test(
        "reading methods follow a redirect; writing methods do not",
        arguments: [
            ("GET", true), ("HEAD", true), ("PROPFIND", true), ("OPTIONS", true),
            ("PUT", false), ("DELETE", false), ("MOVE", false), ("MKCOL", false), ("POST", false),
        ])
    func byMethod(method: String, follows: Bool) {
        let next = request(method, "http://dav.test/new")
        #expect(SessionDelegate.allowsRedirect(from: request(method, "http://dav.test/old"), to: next) == follows)
    }

    @Test(
        "an authenticated GET follows a redirect on its own origin only",
        arguments: [
            ("https://dav.test/new", true), ("https://other.test/new", false), ("http://dav.test/new", false),
            ("https://dav.test:8443/new", false),
        ])
    func credentials(target: String, follows: Bool) {
        let original = request("GET", "https://dav.test/old", authorization: "Basic c2VjcmV0")
        #expect(SessionDelegate.allowsRedirect(from: original, to: request("GET", target)) == follows)
        #expect(
            SessionDelegate.allowsRedirect(from: request("GET", "https://dav.test/old"), to: request("GET", target)))
    }
}
