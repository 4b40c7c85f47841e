import FileSystemInterface
import Foundation
import Testing

@Suite("Containers written as server URLs")
struct ContainerAddressTests {
    @Test(
        "http and https URLs are kept as written, scheme lower-cased, path ending in /",
        arguments: [
            ("http://127.0.0.1:8080/sync", "http://127.0.0.1:8080/sync/"),
            ("http://127.0.0.1:8080/sync/", "http://127.0.0.1:8080/sync/"),
            ("HTTPS://dav.example.org", "https://dav.example.org/"),
            ("https://dav.example.org/a%20b/c", "https://dav.example.org/a%20b/c/"),
            ("http://[::1]:8080/x/", "http://[::1]:8080/x/"),
        ])
    func accepted(text: String, expected: String) throws {
        let url = try #require(try ContainerAddress.serverURL(text))
        #expect(url.absoluteString == expected)
        #expect(url.appending(path: "docs", directoryHint: .isDirectory).absoluteString == expected + "docs/")
    }

    @Test(
        "paths are not URLs, whatever they contain",
        arguments: [
            "/mnt/container", "relative/folder", "notes:2024", "./ftp://x", "", "1ab://x",
        ])
    func paths(text: String) throws {
        #expect(!ContainerAddress.isURL(text))
        #expect(try ContainerAddress.serverURL(text) == nil)
    }

    @Test(
        "other schemes are refused, naming the scheme",
        arguments: [
            ("ftp://host/x/", "ftp"), ("s3://bucket/x", "s3"), ("webdav://host/x/", "webdav"),
            ("File:///mnt/x", "file"),
        ])
    func otherSchemes(text: String, scheme: String) {
        #expect(throws: ContainerAddressError.unsupportedScheme(scheme)) { try ContainerAddress.serverURL(text) }
        #expect(ContainerAddressError.unsupportedScheme(scheme).description.contains("\(scheme)://"))
    }

    @Test(
        "a user name or password in the URL is refused, and the error never holds the password",
        arguments: [
            "http://u:secret@host/x/", "https://u@host:8443/x", "http://:secret@host/",
        ])
    func credentials(text: String) throws {
        do {
            _ = try ContainerAddress.serverURL(text)
            Issue.record("\(text) accepted")
        } catch {
            guard case .credentialsInURL(let shown) = error else {
                Issue.record("\(text): \(error)")
                return
            }
            #expect(!shown.contains("secret") && !shown.contains("u@") && shown.contains("host"))
            #expect(!error.description.contains("secret"))
        }
    }

    @Test(
        "URLs that cannot name a container are refused with the reason",
        arguments: [
            ("http:host", "has no host"), ("http:///x/", "has no host"), ("http://host/x/?a=1", "query"),
            ("https://host/x#top", "fragment"), ("http://host/a/../b/", ".."),
        ])
    func malformed(text: String, reason: String) {
        do {
            _ = try ContainerAddress.serverURL(text)
            Issue.record("\(text) accepted")
        } catch {
            #expect(error.description.contains(reason), "\(text): \(error)")
        }
    }

    @Test("display shows a folder as its path and a server URL without credentials")
    func display() throws {
        #expect(ContainerAddress.display(URL(filePath: "/mnt/c/", directoryHint: .isDirectory)) == "/mnt/c")
        #expect(ContainerAddress.display(URL(filePath: "/", directoryHint: .isDirectory)) == "/")
        let url = try #require(URL(string: "https://u:secret@dav.example.org/sync/"))
        #expect(ContainerAddress.display(url) == "https://dav.example.org/sync/")
    }
}
