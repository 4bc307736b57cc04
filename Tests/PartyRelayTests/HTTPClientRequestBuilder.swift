import AsyncHTTPClient

enum HTTPClientRequestBuilder {
    static func request(_ url: String, token: String?) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url)
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        return request
    }
}
