import NetworkInterface
import Testing

@Suite("HTTPHeaders keep order and compare names without case")
struct HTTPHeadersTests {
    @Test("a name reads back in any case")
    func anyCase() {
        let headers: HTTPHeaders = ["Content-Type": "text/xml", "Depth": "1"]
        #expect(headers["content-type"] == "text/xml")
        #expect(headers["DEPTH"] == "1")
        #expect(headers["Missing"] == nil)
    }

    @Test("fields keep the order they were added in, duplicates included")
    func order() {
        var headers = HTTPHeaders()
        headers.add("B", "1")
        headers.add("A", "2")
        headers.add("b", "3")
        #expect(headers.map(\.name) == ["B", "A", "b"])
        #expect(headers.values(for: "B") == ["1", "3"])
    }

    @Test("setting a name replaces every field of it in place, nil removes them")
    func replace() {
        var headers: HTTPHeaders = ["X": "1", "Y": "2", "x": "3"]
        headers["X"] = "9"
        #expect(headers.fields == [.init(name: "X", value: "9"), .init(name: "Y", value: "2")])
        headers["y"] = nil
        #expect(headers.fields == [.init(name: "X", value: "9")])
    }

    @Test(
        "credential values never appear in the description",
        arguments: ["Authorization", "proxy-authorization", "Cookie"])
    func redacted(name: String) {
        let headers: HTTPHeaders = [name: "Basic c2VjcmV0", "Depth": "1"]
        #expect(!headers.description.contains("c2VjcmV0"))
        #expect(!String(reflecting: headers).contains("c2VjcmV0"))
        #expect(headers.description.contains("Depth: 1"))
    }
}
