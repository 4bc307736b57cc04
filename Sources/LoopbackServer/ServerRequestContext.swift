public import Hummingbird
public import NIOCore

/// The request context of the project's servers: Hummingbird's basic one and the request's
/// connection, so that a long answer sends only as fast as its client takes it
/// (``OpenFile/send(_:to:over:)``).
public struct ServerRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The connection the request came on.
    public let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
