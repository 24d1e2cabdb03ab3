/// What a picture is and how large it shows: the size after its EXIF orientation is applied,
/// and for a PDF the first page rendered at 150 dpi.
public struct ImageInfo: Sendable, Equatable {
    /// The format, from the file's content.
    public let kind: ImageKind
    /// Width in pixels as the picture is meant to be seen.
    public let width: Int
    /// Height in pixels as the picture is meant to be seen.
    public let height: Int
    /// A PDF's page count; 1 for a picture.
    public let pages: Int

    /// An info value; HearthMedia makes these, tests and callers may too.
    public init(kind: ImageKind, width: Int, height: Int, pages: Int = 1) {
        self.kind = kind
        self.width = width
        self.height = height
        self.pages = pages
    }
}
