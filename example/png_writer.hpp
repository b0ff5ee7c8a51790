/*
 example/png_writer.hpp

 A tiny self-contained PNG writer for the examples (no zlib, no libpng): 8-bit
 grayscale or RGB images, the pixel data in zlib "stored" (uncompressed) deflate
 blocks, with the CRC32 of every chunk and the Adler-32 of the zlib stream. Files
 are larger than compressed ones (about width*height*3 bytes for RGB) but every
 PNG viewer opens them.

     example_png::image img(width, height);            // RGB, black
     img.set(x, y, example_png::colour_map(0.7));      // value in [0, 1] -> colour
     example_png::write(img, "frame.png");             // throws std::runtime_error on I/O errors

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_EXAMPLE_PNG_WRITER_HPP_INCLUDED
#define BOOST_ODEINT_TILED_EXAMPLE_PNG_WRITER_HPP_INCLUDED

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace example_png {

struct rgb { std::uint8_t r, g, b; };

// An 8-bit image, RGB (3 channels) or grayscale (1 channel), rows top to bottom.
class image
{
public:
    image(std::size_t width, std::size_t height, bool grayscale = false)
        : m_width(width), m_height(height), m_channels(grayscale ? 1 : 3),
          m_pixels(width * height * (grayscale ? 1 : 3), 0)
    {
        if (width == 0 || height == 0) throw std::invalid_argument("example_png::image: empty image");
    }
    std::size_t width() const { return m_width; }
    std::size_t height() const { return m_height; }
    std::size_t channels() const { return m_channels; }
    const std::uint8_t* row(std::size_t y) const { return m_pixels.data() + y * m_width * m_channels; }

    void set(std::size_t x, std::size_t y, rgb c)
    {
        std::uint8_t* p = m_pixels.data() + (y * m_width + x) * m_channels;
        if (m_channels == 1) p[0] = static_cast<std::uint8_t>((77 * c.r + 150 * c.g + 29 * c.b) >> 8);
        else { p[0] = c.r; p[1] = c.g; p[2] = c.b; }
    }
    void set_gray(std::size_t x, std::size_t y, std::uint8_t v) { set(x, y, rgb{v, v, v}); }

private:
    std::size_t m_width, m_height, m_channels;
    std::vector<std::uint8_t> m_pixels;
};

// A simple perceptual-ish colour map (dark blue -> teal -> yellow), s in [0, 1] (clamped).
inline rgb colour_map(double s)
{
    static const double stops[5][3] = {
        {0.05, 0.03, 0.25}, {0.15, 0.30, 0.60}, {0.10, 0.60, 0.55}, {0.55, 0.80, 0.25}, {0.99, 0.91, 0.15}};
    s = std::min(1.0, std::max(0.0, s));   // also maps NaN to 0
    const double x = s * 4.0;
    const int i = std::min(3, static_cast<int>(x));
    const double f = x - i;
    auto channel = [&](int k) {
        return static_cast<std::uint8_t>(255.0 * ((1 - f) * stops[i][k] + f * stops[i + 1][k]) + 0.5);
    };
    return rgb{channel(0), channel(1), channel(2)};
}

namespace detail {

inline std::uint32_t crc32(const std::uint8_t* data, std::size_t len, std::uint32_t crc = 0)
{
    static const std::array<std::uint32_t, 256> table = [] {
        std::array<std::uint32_t, 256> t{};
        for (std::uint32_t n = 0; n < 256; ++n) {
            std::uint32_t c = n;
            for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xedb88320u ^ (c >> 1) : c >> 1;
            t[n] = c;
        }
        return t;
    }();
    crc = ~crc;
    for (std::size_t i = 0; i < len; ++i) crc = table[(crc ^ data[i]) & 0xffu] ^ (crc >> 8);
    return ~crc;
}

inline void put_u32(std::vector<std::uint8_t>& out, std::uint32_t v)   // big endian
{
    out.push_back(std::uint8_t(v >> 24)); out.push_back(std::uint8_t(v >> 16));
    out.push_back(std::uint8_t(v >> 8));  out.push_back(std::uint8_t(v));
}

// One PNG chunk: length, type, data, CRC32 of type and data.
inline void put_chunk(std::vector<std::uint8_t>& out, const char type[4], const std::vector<std::uint8_t>& data)
{
    put_u32(out, static_cast<std::uint32_t>(data.size()));
    const std::size_t start = out.size();
    out.insert(out.end(), type, type + 4);
    out.insert(out.end(), data.begin(), data.end());
    put_u32(out, crc32(out.data() + start, out.size() - start));
}

// A zlib stream of `raw` in stored (uncompressed) deflate blocks of at most 65535 bytes.
inline std::vector<std::uint8_t> zlib_stored(const std::vector<std::uint8_t>& raw)
{
    std::vector<std::uint8_t> z{0x78, 0x01};   // deflate, 32 KiB window; 0x7801 % 31 == 0
    std::size_t pos = 0;
    do {
        const std::size_t len = std::min<std::size_t>(65535, raw.size() - pos);
        const bool last = pos + len == raw.size();
        z.push_back(last ? 1 : 0);             // BFINAL, BTYPE = 00 (stored)
        z.push_back(std::uint8_t(len & 0xff)); z.push_back(std::uint8_t(len >> 8));        // LEN, little endian
        z.push_back(std::uint8_t(~len & 0xff)); z.push_back(std::uint8_t((~len >> 8) & 0xff)); // NLEN
        z.insert(z.end(), raw.begin() + std::ptrdiff_t(pos), raw.begin() + std::ptrdiff_t(pos + len));
        pos += len;
    } while (pos < raw.size());
    std::uint32_t a = 1, b = 0;                // Adler-32 of the uncompressed data
    for (std::uint8_t c : raw) { a = (a + c) % 65521u; b = (b + a) % 65521u; }
    put_u32(z, (b << 16) | a);
    return z;
}

} // namespace detail

// Writes img to `path` as a PNG file; `scale` > 1 enlarges every pixel to scale x scale.
inline void write(const image& img, const std::string& path, std::size_t scale = 1)
{
    scale = std::max<std::size_t>(scale, 1);
    const std::size_t w = img.width() * scale, h = img.height() * scale, ch = img.channels();
    std::vector<std::uint8_t> raw;             // scanlines, each led by filter type 0 (none)
    raw.reserve(h * (1 + w * ch));
    for (std::size_t y = 0; y < h; ++y) {
        raw.push_back(0);
        const std::uint8_t* src = img.row(y / scale);
        for (std::size_t x = 0; x < w; ++x)
            raw.insert(raw.end(), src + (x / scale) * ch, src + (x / scale) * ch + ch);
    }

    std::vector<std::uint8_t> file{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    std::vector<std::uint8_t> ihdr;
    detail::put_u32(ihdr, static_cast<std::uint32_t>(w));
    detail::put_u32(ihdr, static_cast<std::uint32_t>(h));
    ihdr.insert(ihdr.end(), {8, std::uint8_t(ch == 1 ? 0 : 2), 0, 0, 0});  // depth 8, gray/RGB, deflate, no filter, no interlace
    detail::put_chunk(file, "IHDR", ihdr);
    detail::put_chunk(file, "IDAT", detail::zlib_stored(raw));
    detail::put_chunk(file, "IEND", {});

    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(file.data()), static_cast<std::streamsize>(file.size()));
    if (!out) throw std::runtime_error("example_png::write: cannot write " + path);
}

} // namespace example_png

#endif // BOOST_ODEINT_TILED_EXAMPLE_PNG_WRITER_HPP_INCLUDED
