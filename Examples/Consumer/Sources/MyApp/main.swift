import FileAccessorLive
import Foundation
import MyFeature

// The app: the Live accessor, and nothing else to choose. `MyApp <settings.json>` prints them.
let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first, arguments.count == 1 else {
    FileHandle.standardError.write(Data("usage: MyApp <settings.json>\n".utf8))
    exit(2)
}
do {
    let settings = try SettingsStore(accessor: DefaultFileAccessor()).load(from: URL(filePath: path))
    for (key, value) in settings.sorted(by: { $0.key < $1.key }) { print("\(key) = \(value)") }
} catch {
    FileHandle.standardError.write(Data("MyApp: \(path): \(error.localizedDescription)\n".utf8))
    exit(1)
}
