import Foundation
import NetworkInterface
import Testing

@Suite("HTTPRequest says when a repeat is safe and never prints credentials")
struct HTTPRequestTests {
    private let url = URL(string: "https://alice:hunter2@dav.example/files/a")!

    @Test(
        "idempotent methods are safe to repeat, others are not",
        arguments: [
            (HTTPMethod.get, true), (.put, true), (.delete, true), (.propfind, true),
            (.move, false), (.mkcol, false), (.post, false),
        ])
    func repeatable(method: HTTPMethod, safe: Bool) {
        #expect(HTTPRequest(method, url).isSafeToRepeat == safe)
    }

    @Test(
        "a conditional request is safe to repeat whatever its method",
        arguments: ["If-Match", "if-none-match", "If-Unmodified-Since"])
    func conditional(header: String) {
        #expect(HTTPRequest(.move, url, headers: [header: "\"e\""]).isSafeToRepeat)
    }

    @Test("a password in the URL is not in the description, the error or the debug text")
    func redacted() {
        let request = HTTPRequest(.put, url, headers: ["Authorization": "Basic YWxpY2U6aHVudGVyMg=="])
        let texts = [
            request.description, String(reflecting: request),
            HTTPTransportError(.timedOut, request, "no data").description,
        ]
        for text in texts {
            #expect(!text.contains("hunter2") && !text.contains("YWxpY2U6aHVudGVyMg=="), "\(text)")
            #expect(text.contains("dav.example/files/a"))
        }
    }

    @Test(
        "only reading methods follow redirects",
        arguments: [
            (HTTPMethod.get, true), (.propfind, true), (.head, true), (.put, false), (.delete, false), (.move, false),
        ])
    func redirects(method: HTTPMethod, follows: Bool) {
        #expect(method.followsRedirects == follows)
    }

    @Test(
        "a response is a success for 2xx only, and a 412 is just a status",
        arguments: [(200, true), (207, true), (412, false), (404, false)])
    func success(status: Int, isSuccess: Bool) {
        #expect(HTTPResponse(status: status).isSuccess == isSuccess)
    }
}
