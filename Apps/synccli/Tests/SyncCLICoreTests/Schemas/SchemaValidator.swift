import Foundation

/// A JSON Schema validator for the subset synccli's schemas use: `type` (one name or a list),
/// `required`, `properties`, `additionalProperties: false`, `items`, `enum`, `$ref` to
/// `#/$defs/<name>`, and `format: date-time` (ISO 8601 in UTC, `2026-12-01T23:05:09Z`). Any
/// other keyword in a schema is a problem, so a schema cannot silently ask for more than is
/// checked.
struct SchemaValidator {
    /// The schema document (its `$defs` resolve references).
    let root: [String: JSONValue]

    static let known: Set<String> = [
        "$schema", "$id", "title", "description", "$defs", "type", "required", "properties",
        "additionalProperties", "items", "enum", "$ref", "format",
    ]

    /// The schema in `data`.
    init(_ data: Data) throws {
        guard case .object(let root) = try JSONDecoder().decode(JSONValue.self, from: data) else {
            throw SchemaProblem("a schema must be an object")
        }
        self.root = root
    }

    /// Every place `document` breaks the schema, as `<JSON path>: <what>`; empty when it conforms.
    func problems(in document: Data) -> [String] {
        do {
            return check(try JSONDecoder().decode(JSONValue.self, from: document), against: root, at: "$")
        } catch {
            return ["$: not JSON (\(error))"]
        }
    }

    /// Every place `document` breaks the schema.
    func problems(in document: String) -> [String] { problems(in: Data(document.utf8)) }

    private func check(_ value: JSONValue, against schema: [String: JSONValue], at path: String) -> [String] {
        if let unknown = schema.keys.sorted().first(where: { !Self.known.contains($0) }) {
            return ["\(path): the schema uses \(unknown), which this validator does not check"]
        }
        if case .string(let reference)? = schema["$ref"] {
            let name = String(reference.dropFirst("#/$defs/".count))
            guard reference.hasPrefix("#/$defs/"), case .object(let definitions)? = root["$defs"],
                case .object(let target)? = definitions[name]
            else { return ["\(path): unresolved reference \(reference)"] }
            return check(value, against: target, at: path)
        }
        if let type = schema["type"] {
            let allowed: [String] =
                switch type {
                case .string(let name): [name]
                case .array(let names): names.compactMap { if case .string(let name) = $0 { name } else { nil } }
                default: []
                }
            guard allowed.contains(where: value.isOfType) else {
                return ["\(path): expected \(allowed.joined(separator: " or ")), found \(value.typeName)"]
            }
        }
        var problems: [String] = []
        if case .array(let choices)? = schema["enum"], !choices.contains(value) {
            problems.append("\(path): \(value) is not one of the allowed values")
        }
        if case .string("date-time")? = schema["format"], case .string(let text) = value,
            text.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/) == nil
        {
            problems.append("\(path): \(text) is not an ISO 8601 UTC time")
        }
        if case .object(let object) = value {
            if case .array(let required)? = schema["required"] {
                for case .string(let key) in required where object[key] == nil {
                    problems.append("\(path): missing required \(key)")
                }
            }
            var properties: [String: JSONValue] = [:]
            if case .object(let described)? = schema["properties"] { properties = described }
            for (key, item) in object.sorted(by: { $0.key < $1.key }) {
                if case .object(let property)? = properties[key] {
                    problems += check(item, against: property, at: "\(path).\(key)")
                } else if schema["additionalProperties"] == .boolean(false) {
                    problems.append("\(path): unexpected property \(key)")
                }
            }
        }
        if case .array(let array) = value, case .object(let items)? = schema["items"] {
            for (index, item) in array.enumerated() { problems += check(item, against: items, at: "\(path)[\(index)]") }
        }
        return problems
    }
}

/// A schema that cannot be used.
struct SchemaProblem: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// synccli's schemas, read from `Apps/synccli/Schemas/` of this checkout.
enum Schemas {
    static let folder = URL(filePath: #filePath).deletingLastPathComponent()
        .appending(path: "../../../Schemas", directoryHint: .isDirectory).standardizedFileURL

    /// The validator of `<name>.schema.json`.
    static func named(_ name: String) throws -> SchemaValidator {
        try SchemaValidator(Data(contentsOf: folder.appending(path: "\(name).schema.json")))
    }
}
