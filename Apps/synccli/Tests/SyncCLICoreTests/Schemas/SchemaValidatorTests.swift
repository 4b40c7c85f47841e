import Foundation
import Testing

/// The small validator the JSON tests rely on rejects what it must.
@Suite("the JSON Schema subset validator")
struct SchemaValidatorTests {
    static let schema = """
        {
          "type": "object", "required": ["version", "items"], "additionalProperties": false,
          "properties": {
            "version": {"type": "integer", "enum": [1]},
            "flag": {"type": "boolean"},
            "when": {"type": "string", "format": "date-time"},
            "items": {"type": "array", "items": {"$ref": "#/$defs/item"}}
          },
          "$defs": {
            "item": {
              "type": "object", "required": ["name"], "additionalProperties": false,
              "properties": {"name": {"type": "string"}, "kind": {"type": "string", "enum": ["a", "b"]}}
            }
          }
        }
        """

    let validator: SchemaValidator

    init() throws { validator = try SchemaValidator(Data(Self.schema.utf8)) }

    @Test("a conforming document has no problems")
    func accepts() {
        let good =
            #"{"version": 1, "flag": true, "when": "2026-12-01T23:05:09Z", "items": [{"name": "x", "kind": "a"}]}"#
        #expect(validator.problems(in: good) == [])
    }

    @Test("a whole number past Int64 (a 64-bit digest) is an integer; a fraction is not")
    func largeIntegers() throws {
        let schema = try SchemaValidator(Data(#"{"type": "object", "properties": {"n": {"type": "integer"}}}"#.utf8))
        #expect(schema.problems(in: #"{"n": 18446744073709551615}"#) == [])
        #expect(schema.problems(in: #"{"n": 1.5}"#) == ["$.n: expected integer, found number"])
    }

    @Test(
        "each kind of wrong document is rejected, naming where",
        arguments: [
            (#"{"items": []}"#, "$: missing required version"),
            (#"{"version": 1, "items": [], "extra": 0}"#, "$: unexpected property extra"),
            (#"{"version": "1", "items": []}"#, "$.version: expected integer, found string"),
            (#"{"version": 2, "items": []}"#, "$.version: integer(2) is not one of the allowed values"),
            (#"{"version": 1, "flag": 1, "items": []}"#, "$.flag: expected boolean, found integer"),
            (#"{"version": true, "items": []}"#, "$.version: expected integer, found boolean"),
            (#"{"version": 1.5, "items": []}"#, "$.version: expected integer, found number"),
            (
                #"{"version": 1, "when": "2026-12-01 23:05", "items": []}"#,
                "$.when: 2026-12-01 23:05 is not an ISO 8601 UTC time"
            ),
            (#"{"version": 1, "items": {}}"#, "$.items: expected array, found object"),
            (#"{"version": 1, "items": [{"kind": "a"}]}"#, "$.items[0]: missing required name"),
            (
                #"{"version": 1, "items": [{"name": "x", "kind": "c"}]}"#,
                #"$.items[0].kind: string("c") is not one of the allowed values"#
            ),
            (#"{"version": 1, "items": [{"name": "x", "size": 1}]}"#, "$.items[0]: unexpected property size"),
            (#"[1]"#, "$: expected object, found array"),
            (#"{"version": 1,"#, "$: not JSON"),
        ])
    func rejects(document: String, problem: String) {
        let problems = validator.problems(in: document)
        #expect(problems.contains { $0.hasPrefix(problem) }, "\(problems)")
    }

    @Test("a schema keyword the validator does not check, or a reference it cannot resolve, is a problem itself")
    func unknownKeyword() throws {
        let minimum = try SchemaValidator(Data(#"{"type": "integer", "minimum": 3}"#.utf8))
        #expect(minimum.problems(in: "1") == ["$: the schema uses minimum, which this validator does not check"])
        let dangling = try SchemaValidator(Data(##"{"$ref": "#/$defs/none"}"##.utf8))
        #expect(dangling.problems(in: "1") == ["$: unresolved reference #/$defs/none"])
    }
}
