// swift-tools-version:6.0
// A package that depends on navviz by path and runs its command plugin:
//   swift package --allow-writing-to-package-directory navviz check Nav/*.json --expect Nav/expected
// The plugin tests copy this folder and point the path at the navviz checkout under test.
import PackageDescription

let package = Package(
    name: "PluginConsumer",
    dependencies: [
        .package(path: "../../.."),
    ],
    targets: [
        .target(name: "NavModel"),
    ]
)
