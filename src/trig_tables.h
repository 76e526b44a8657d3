/*
 * Internal to the C core: the constants and tables of trig.c, written by
 * tools/trig_tables.py (mpmath at 2,000 bits, each number rounded to the
 * nearest double): edit and run the script, not this file.
 */
#ifndef COLLIDE2D_TRIG_TABLES_H
#define COLLIDE2D_TRIG_TABLES_H

#include <stdint.h>

/* pi/2 = PIO2_1 + PIO2_2 + PIO2_3 + PIO2_4 to ~2^-152: the first three of
 * 33 significant bits, so that k PIO2_i is exact for an integer k < 2^20. */
#define PIO2_1 0x1.921fb54400000p+0
#define PIO2_2 0x1.0b4611a600000p-34
#define PIO2_3 0x1.3198a2e000000p-69
#define PIO2_4 0x1.b839a252049c1p-104
/* 2/pi, the nearest double. */
#define INV_PIO2 0x1.45f306dc9c883p-1
/* pi/4, 3 pi/4 (atan2 of two infinities), the nearest doubles. */
#define PIO4 0x1.921fb54442d18p-1
#define PI3O4 0x1.2d97c7f3321d2p+1
/* pi/2 and pi as pairs, hi + lo. */
#define PIO2_HI 0x1.921fb54442d18p+0
#define PIO2_LO 0x1.1a62633145c07p-54
#define PI_HI 0x1.921fb54442d18p+1
#define PI_LO 0x1.1a62633145c07p-53

/* Taylor coefficients: sin t = t - t^3/6 + t^5/120 - ..., cos t = 1 - t^2/2
 * + t^4/24 - ..., atan u = u - u^3/3 + u^5/5 - ...; the first past the
 * leading term as a pair (hi + lo), the rest the nearest doubles. */
#define SIN3_HI -0x1.5555555555555p-3
#define SIN3_LO -0x1.5555555555555p-57
#define SIN5 0x1.1111111111111p-7
#define SIN7 -0x1.a01a01a01a01ap-13
#define SIN9 0x1.71de3a556c734p-19
#define COS4 0x1.5555555555555p-5
#define COS6 -0x1.6c16c16c16c17p-10
#define COS8 0x1.a01a01a01a01ap-16
#define COS10 -0x1.27e4fb7789f5cp-22
#define ATAN3_HI -0x1.5555555555555p-2
#define ATAN3_LO -0x1.5555555555555p-56
#define ATAN5 0x1.999999999999ap-3
#define ATAN7 -0x1.2492492492492p-3
#define ATAN9 0x1.c71c71c71c71cp-4
#define ATAN11 -0x1.745d1745d1746p-4

/* The bits of 2/pi's fraction, 32 a word, most significant first, after
 * two words of zeros (its integer part, and room for a reduction that
 * reads from before the point). */
static const uint32_t two_over_pi[42] = {
    0x00000000, 0x00000000, 0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0,
    0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561, 0xb7246e3a, 0x424dd2e0,
    0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
    0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b,
    0x1ff897ff, 0xde05980f, 0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7,
    0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b, 0x3d0739f7, 0x8a5292ea,
    0x6bfb5fb1, 0x1f8d5d08, 0x56033046, 0xfc7b6bab, 0xf0cfbc20, 0x9af4361d,
};

#define SINCOS_STEP 128
/* sin a and cos a at a = i/SINCOS_STEP as pairs: { sin hi, sin lo, cos hi, cos lo }. */
static const double sincos_table[102][4] = {
    { 0x0.0p+0, 0x0.0p+0, 0x1.0000000000000p+0, 0x0.0p+0 },
    { 0x1.fffeaaaaeeeefp-8, -0x1.e45e2ec67b77cp-62, 0x1.fffc000155552p-1, 0x1.f4a01a0196daep-55 },
    { 0x1.fffaaaaeeeed5p-7, -0x1.2ab639a9f0776p-63, 0x1.fff000155549fp-1, 0x1.28a28a03a5ef3p-55 },
    { 0x1.7ff7001033255p-6, 0x1.efe2b51527336p-64, 0x1.ffdc006bff7e6p-1, 0x1.ae6dae86977bdp-55 },
    { 0x1.ffeaaaeeee86fp-6, -0x1.cd406fb224ae2p-60, 0x1.ffc00155527d3p-1, -0x1.3b54492d89b5bp-55 },
    { 0x1.3feb2b12d45d5p-5, 0x1.4ec54203d1c11p-60, 0x1.ff9c03414a7bap-1, 0x1.991f4be6c59bfp-57 },
    { 0x1.7fdc01032fba9p-5, -0x1.599bdf46e997ap-59, 0x1.ff7006bfdf99fp-1, -0x1.8b3b560648d5fp-56 },
    { 0x1.bfc6d78586dacp-5, 0x1.8e4fd03dbf236p-62, 0x1.ff3c0c8103a31p-1, 0x1.4856dbddc0e66p-56 },
    { 0x1.ffaaaeeed4edbp-5, -0x1.2d16d32684b69p-59, 0x1.ff0015549f4d3p-1, 0x1.328387b99426fp-55 },
    { 0x1.1fc343d808befp-4, -0x1.f3d32e6f3be4fp-58, 0x1.febc222a8ef9fp-1, 0x1.7934934f54c77p-58 },
    { 0x1.3facb12d1755bp-4, -0x1.921915299468bp-58, 0x1.fe7034129ef6fp-1, -0x1.cbf4337c96f97p-57 },
    { 0x1.5f911fd10b737p-4, -0x1.0184f02be9102p-58, 0x1.fe1c4c3c873ebp-1, -0x1.5a9c9057c4a02p-60 },
    { 0x1.7f701032550e4p-4, 0x1.afc2d1800501ap-60, 0x1.fdc06bf7e6b9bp-1, 0x1.31902b535f8dbp-55 },
    { 0x1.9f4902d55d1f9p-4, 0x1.2696d7eac1dc1p-58, 0x1.fd5c94b43e000p-1, -0x1.2e768cb4f92f9p-57 },
    { 0x1.bf1b78568391dp-4, 0x1.e91841dea4cc8p-58, 0x1.fcf0c800e99b1p-1, 0x1.ea3d786d186acp-57 },
    { 0x1.dee6f16c1cce6p-4, -0x1.50f8e2fb71673p-59, 0x1.fc7d078d1bc88p-1, 0x1.075d2447db685p-55 },
    { 0x1.feaaeee86ee36p-4, -0x1.afcb2bcc6f03bp-59, 0x1.fc015527d5bd3p-1, 0x1.b68f35094efb8p-55 },
    { 0x1.0f3378ddd71d1p-3, 0x1.d8468724f0f9ep-57, 0x1.fb7db2bfe0695p-1, 0x1.21dadf4f65ab1p-55 },
    { 0x1.1f0d3d7afceafp-3, -0x1.6ef95099769a5p-57, 0x1.faf22263c4bd3p-1, -0x1.52ace133a2769p-58 },
    { 0x1.2ee285e4ab88fp-3, -0x1.e4d0f05dee058p-57, 0x1.fa5ea641c36f2p-1, 0x1.04da6ed17cc7cp-59 },
    { 0x1.3eb312c5d66cbp-3, 0x1.47d666b66cb91p-57, 0x1.f9c340a7cc428p-1, 0x1.c5b6b063b7462p-55 },
    { 0x1.4e7ea4dc5f27bp-3, 0x1.949db2ac072fcp-58, 0x1.f91ff40374d01p-1, -0x1.7d03f4d3a9e4cp-57 },
    { 0x1.5e44fcfa126f3p-3, -0x1.6f443063f89b6p-57, 0x1.f874c2e1eecf6p-1, -0x1.c6514e1332b16p-55 },
    { 0x1.6e05dc05a4d4cp-3, -0x1.32c5c8b81c919p-66, 0x1.f7c1afeffde24p-1, -0x1.8f55bc47540b1p-56 },
    { 0x1.7dc102fbaf2b5p-3, 0x1.5ab50e23c97c3p-59, 0x1.f706bdf9ece1cp-1, -0x1.698c80c36dcb4p-55 },
    { 0x1.8d7632efaa944p-3, -0x1.20fa262cbb953p-57, 0x1.f643efeb82acdp-1, 0x1.6b00ac1fe28acp-56 },
    { 0x1.9d252d0cec312p-3, 0x1.9c43d80b1137dp-58, 0x1.f57948cff6797p-1, 0x1.e3a0d3e03b1d4p-57 },
    { 0x1.accdb297a0765p-3, -0x1.9883b57d6cdeap-58, 0x1.f4a6cbd1e3a79p-1, 0x1.13df0edaebb57p-55 },
    { 0x1.bc6f84edc6199p-3, 0x1.9c1a56a7b0cabp-57, 0x1.f3cc7c3b3d16ep-1, -0x1.21a3ad28a3494p-57 },
    { 0x1.cc0a6588289a3p-3, -0x1.868d09bc87c6bp-57, 0x1.f2ea5d753ffedp-1, 0x1.cc4215f56d583p-55 },
    { 0x1.db9e15fb5a5d0p-3, -0x1.32e20d6cc6fc2p-57, 0x1.f20073086649fp-1, 0x1.b940416c1984bp-56 },
    { 0x1.eb2a57f8ae5a3p-3, -0x1.0be06af572cebp-57, 0x1.f10ec09c5873bp-1, 0x1.d9072762c1283p-55 },
    { 0x1.faaeed4f31577p-3, -0x1.15d88508e32b8p-57, 0x1.f01549f7deea1p-1, 0x1.d3c1e99e5cafdp-55 },
    { 0x1.0515cbf65155cp-2, -0x1.9b8c29dfd8ec7p-56, 0x1.ef141300d2f26p-1, -0x1.2aa1b08ded372p-55 },
    { 0x1.0cd00cef36436p-2, -0x1.9fb0a0c93e2b4p-56, 0x1.ee0b1fbc0f11cp-1, -0x1.bfd2380bbc3b1p-59 },
    { 0x1.14861aa94ddebp-2, -0x1.be881b5b615a4p-57, 0x1.ecfa744d5efa1p-1, -0x1.56d0a4af541d0p-58 },
    { 0x1.1c37d64c6b876p-2, 0x1.46076fe0dcff4p-56, 0x1.ebe214f76efa8p-1, -0x1.02f9f12ba543ep-55 },
    { 0x1.23e52111aaf36p-2, -0x1.4f080334eff18p-56, 0x1.eac2061bbaf4fp-1, 0x1.2c1d53e94658dp-57 },
    { 0x1.2b8ddc43eb49fp-2, 0x1.1553899f2d807p-57, 0x1.e99a4c3a7cd83p-1, -0x1.2264b1bc53ce8p-55 },
    { 0x1.3331e94049f87p-2, 0x1.e0cb6b40c302cp-56, 0x1.e86aebf29a9edp-1, 0x1.9397afdbb58a7p-55 },
    { 0x1.3ad129769d3d8p-2, 0x1.03d550487839ap-63, 0x1.e733ea0193d40p-1, -0x1.6428b3546ce13p-55 },
    { 0x1.426b7e69ee697p-2, -0x1.f09c75705c59fp-56, 0x1.e5f54b436e9d0p-1, 0x1.7eb0fd02fc8bcp-55 },
    { 0x1.4a00c9b0f3d20p-2, 0x1.823ba6bb08eadp-56, 0x1.e4af14b2a449cp-1, -0x1.68ca02e8a6833p-55 },
    { 0x1.5190ecf68a77ap-2, 0x1.b357155eef0f3p-56, 0x1.e3614b680d6a5p-1, -0x1.27793aa015237p-56 },
    { 0x1.591bc9fa2f597p-2, 0x1.7c74bac3fe0cbp-57, 0x1.e20bf49acd6c1p-1, -0x1.660aec7ef636bp-58 },
    { 0x1.60a1429078775p-2, 0x1.b1fd80ba89133p-58, 0x1.e0af15a03dbcep-1, 0x1.fe8e702771ae6p-58 },
    { 0x1.682138a38d7f7p-2, -0x1.d889202444aadp-56, 0x1.df4ab3ebd875ep-1, -0x1.e2d8a7e6736c4p-55 },
    { 0x1.6f9b8e33a0255p-2, 0x1.42bc14ee9da0dp-56, 0x1.ddded50f228d6p-1, -0x1.e80c8d42ba2bfp-57 },
    { 0x1.7710255764214p-2, -0x1.6ead7314bb6cep-57, 0x1.dc6b7eb995912p-1, 0x1.4b364776dcd35p-58 },
    { 0x1.7e7ee03c86d4ep-2, -0x1.b63bcdabf5af2p-56, 0x1.daf0b6b888e83p-1, 0x1.a249e2b5e5ceap-55 },
    { 0x1.85e7a12826949p-2, 0x1.8a40e9b5face0p-56, 0x1.d96e82f71a9dcp-1, 0x1.ff61bd5d2039dp-55 },
    { 0x1.8d4a4a774992fp-2, 0x1.44a02ea766326p-56, 0x1.d7e4e97e17b4ap-1, -0x1.3b770352bed94p-57 },
    { 0x1.94a6be9f546c5p-2, -0x1.69ce13e683f58p-56, 0x1.d653f073e4040p-1, -0x1.76236434bec37p-55 },
    { 0x1.9bfce02e80510p-2, 0x1.09e39a320b0a4p-56, 0x1.d4bb9e1c619e0p-1, 0x1.f34bb77858f61p-55 },
    { 0x1.a34c91cc50ccap-2, -0x1.a310e3b50cecdp-58, 0x1.d31bf8d8d7c06p-1, 0x1.e60dd3089cbddp-56 },
    { 0x1.aa95b63a09277p-2, -0x1.6293eb13c0381p-57, 0x1.d1750727d94f0p-1, 0x1.0d52b1ec1a48ep-55 },
    { 0x1.b1d8305321617p-2, -0x1.ae242cb99f519p-56, 0x1.cfc6cfa52ad9fp-1, 0x1.8b5b5508f2a0dp-55 },
    { 0x1.b913e30dbac43p-2, -0x1.e38ad2f6c3ff1p-56, 0x1.ce115909a82e5p-1, 0x1.1f139bb31109ap-55 },
    { 0x1.c048b17b140a3p-2, 0x1.19fe6757e9fa7p-57, 0x1.cc54aa2b2972ep-1, 0x1.4ee162ba83a98p-57 },
    { 0x1.c7767ec7fd19ep-2, -0x1.eb14d1a3d5826p-58, 0x1.ca90c9fc67d0bp-1, -0x1.46a81485e3462p-57 },
    { 0x1.ce9d2e3d4a51fp-2, -0x1.2fc8a12dae298p-57, 0x1.c8c5bf8ce1a84p-1, 0x1.ab3d1a1590123p-56 },
    { 0x1.d5bca34047661p-2, 0x1.28a44a75fc29cp-56, 0x1.c6f39208be53bp-1, -0x1.741dbfbaadb42p-55 },
    { 0x1.dcd4c15329c9ap-2, 0x1.0d4c6e171fd9ap-56, 0x1.c51a48b8b175ep-1, -0x1.1bbb43b9aa880p-57 },
    { 0x1.e3e56c1582a69p-2, -0x1.0a4821099f88fp-58, 0x1.c339eb01ddd81p-1, -0x1.caaf5ee82c5c0p-55 },
    { 0x1.eaee8744b05f0p-2, -0x1.789b43c9b027dp-58, 0x1.c1528065b7d50p-1, -0x1.892111312e828p-55 },
    { 0x1.f1eff6bc4f97bp-2, 0x1.17212f8a7525cp-56, 0x1.bf641081e7536p-1, 0x1.b7bd71628a9a1p-55 },
    { 0x1.f8e99e76abc97p-2, 0x1.9d950af2d00a3p-58, 0x1.bd6ea310294f5p-1, 0x1.31bbcc88c109dp-56 },
    { 0x1.ffdb628d2f57ap-2, 0x1.f4a992e905b6ap-57, 0x1.bb723fe630f32p-1, 0x1.72bd2452d0a39p-56 },
    { 0x1.0362939c69955p-1, -0x1.2d8cd78397b01p-55, 0x1.b96eeef58840ep-1, 0x1.45a3cc78fade0p-58 },
    { 0x1.06d3686946e5bp-1, 0x1.3f5ae4538ff1bp-55, 0x1.b764b84b704c2p-1, -0x1.f5848c21b389bp-55 },
    { 0x1.0a4021e9e1001p-1, -0x1.6f643a13914f6p-55, 0x1.b553a410c104ep-1, 0x1.8ff7947027a15p-58 },
    { 0x1.0da8b26b5672ep-1, -0x1.a58def0bee909p-55, 0x1.b33bba89c8948p-1, 0x1.ea6a51d1f6ca9p-55 },
    { 0x1.110d0c4b69c3bp-1, 0x1.d918998809981p-55, 0x1.b11d04162a4c6p-1, 0x1.1dd561efbc0c2p-56 },
    { 0x1.146d21f8b7f82p-1, 0x1.bf9535e2739a8p-56, 0x1.aef78930bd275p-1, -0x1.f836279746f94p-56 },
    { 0x1.17c8e5f2eedb0p-1, 0x1.35e57102e2488p-57, 0x1.accb526f69de5p-1, 0x1.8fb6a8dd6b6ccp-55 },
    { 0x1.1b204acb02fddp-1, -0x1.f190c70cbb5fep-58, 0x1.aa98688308913p-1, -0x1.b83d607cd5072p-63 },
    { 0x1.1e7343236574cp-1, 0x1.22a3fa4f41d5ap-56, 0x1.a85ed4373e02dp-1, 0x1.9be06385ec792p-57 },
    { 0x1.21c1c1b0394cfp-1, 0x1.e5b324b23aa31p-58, 0x1.a61e9e72586afp-1, 0x1.58330e2fd453fp-55 },
    { 0x1.250bb93788bbbp-1, 0x1.ea3d02457bccep-56, 0x1.a3d7d0352bdcfp-1, -0x1.68dbaeca19669p-55 },
    { 0x1.28511c917a067p-1, -0x1.01df1d9a16b70p-55, 0x1.a18a729aee445p-1, 0x1.95e25736c0357p-60 },
    { 0x1.2b91dea88421ep-1, -0x1.fa371db216ab0p-55, 0x1.9f368ed912f85p-1, -0x1.1d200c5791606p-55 },
    { 0x1.2ecdf279a3082p-1, 0x1.d3557e0e7e37ep-55, 0x1.9cdc2e3f25e5cp-1, 0x1.3f99112993f62p-55 },
    { 0x1.32054b148bc4fp-1, 0x1.f6b42095a135bp-55, 0x1.9a7b5a36a6514p-1, 0x1.722cfcc9fa7a9p-55 },
    { 0x1.3537db9be0367p-1, 0x1.b327e7af040f0p-57, 0x1.98141c42e1310p-1, 0x1.d1ff80488f08dp-55 },
    { 0x1.386597456282bp-1, -0x1.10fada93b07a8p-56, 0x1.95a67e00cb1fdp-1, -0x1.0befda21f862dp-55 },
    { 0x1.3b8e715a2840ap-1, -0x1.97653a7d2f07ap-56, 0x1.93328926d9e92p-1, -0x1.bb77003600cdap-55 },
    { 0x1.3eb25d36cd53ap-1, -0x1.be570e1570fc0p-58, 0x1.90b84784ddaf7p-1, -0x1.0feb10ab93b87p-56 },
    { 0x1.41d14e4ba6790p-1, 0x1.4608fd287ecf5p-55, 0x1.8e37c303d9ad1p-1, -0x1.463a4b53d4bf8p-57 },
    { 0x1.44eb381cf386bp-1, -0x1.3ed6c1e6a5505p-55, 0x1.8bb105a5dc900p-1, 0x1.863e03e9474c1p-55 },
    { 0x1.48000e431159fp-1, -0x1.b194a7463ed10p-55, 0x1.89241985d871fp-1, 0x1.c48d9c413ed84p-55 },
    { 0x1.4b0fc46aab761p-1, 0x1.0da05738cc59cp-61, 0x1.869108d77a6c6p-1, 0x1.338ffe2bfe9ddp-56 },
    { 0x1.4e1a4e54ed51bp-1, -0x1.a492f89b7c76ap-55, 0x1.83f7dde701ca0p-1, -0x1.152cf609bc6e8p-59 },
    { 0x1.511f9fd7b351cp-1, -0x1.5c0e861c48831p-55, 0x1.8158a31916d5dp-1, -0x1.de8b90b8228dep-57 },
    { 0x1.541facddbb724p-1, 0x1.232c28520d391p-56, 0x1.7eb362eaa1488p-1, 0x1.a1d65a4a5959fp-58 },
    { 0x1.571a6966d59b3p-1, 0x1.c843b4d0fb197p-58, 0x1.7c0827f09e54fp-1, -0x1.c73d6d72aee68p-57 },
    { 0x1.5a0fc98813a12p-1, -0x1.d82e2b7d4227bp-55, 0x1.7956fcd7f6543p-1, -0x1.ab276e9d45ae4p-55 },
    { 0x1.5cffc16bf8f0dp-1, 0x1.96cb370eb578ap-55, 0x1.769fec655211fp-1, -0x1.827d5cf8c68c5p-57 },
    { 0x1.5fea4552a9e57p-1, 0x1.0b6cef7ee20b7p-55, 0x1.73e30174efba1p-1, -0x1.5d3ae3d94ad5fp-57 },
    { 0x1.62cf49921ac79p-1, -0x1.edd9855b6241ap-55, 0x1.712046fa77678p-1, 0x1.425b0a5029c81p-55 },
    { 0x1.65aec2963e755p-1, 0x1.126f96b71053cp-55, 0x1.6e57c800cf55ep-1, 0x1.60286dedbd0a6p-55 },
    { 0x1.6888a4e134b2fp-1, -0x1.6b7d37644d5e6p-55, 0x1.6b898fa9efb5dp-1, 0x1.15ac786ccf4b2p-56 },
    { 0x1.6b5ce50b7821ap-1, -0x1.5d5158f702e0fp-57, 0x1.68b5a92eb6253p-1, -0x1.9a91ad985f89cp-55 },
};

#define ATAN_STEP 128
/* atan c at c = i/ATAN_STEP as pairs: { hi, lo }. */
static const double atan_table[129][2] = {
    { 0x0.0p+0, 0x0.0p+0 },
    { 0x1.fffd555bbba97p-8, 0x1.68062351fbbe6p-63 },
    { 0x1.fff555bbb729bp-7, -0x1.220c39d4dff50p-61 },
    { 0x1.7fee0184a5c36p-6, -0x1.43189fc0a354bp-60 },
    { 0x1.ffd55bba97625p-6, -0x1.5ec431444912cp-60 },
    { 0x1.3fd65f169c9d9p-5, 0x1.7230a716461b5p-61 },
    { 0x1.7fb818430da2ap-5, -0x1.86ef8f794f105p-63 },
    { 0x1.bf8ddf139c444p-5, -0x1.89fe34b2a7fa8p-59 },
    { 0x1.ff55bb72cfdeap-5, -0x1.c934d86d23f1dp-60 },
    { 0x1.1f86dbf082d59p-4, -0x1.095dc7732ef81p-59 },
    { 0x1.3f59f0e7c559dp-4, 0x1.ac4ce285df847p-58 },
    { 0x1.5f2324fd2d7b2p-4, 0x1.8a8da4401318ep-58 },
    { 0x1.7ee182602f10fp-4, -0x1.cfb654c0c3d98p-58 },
    { 0x1.9e94153cfdcf1p-4, 0x1.a332e1d69c47ep-58 },
    { 0x1.be39ebe6f07c3p-4, 0x1.f7b8f29a05987p-58 },
    { 0x1.ddd21701eba6ep-4, 0x1.94effcd76fe58p-58 },
    { 0x1.fd5ba9aac2f6ep-4, -0x1.cd37686760c17p-59 },
    { 0x1.0e6adccf40882p-3, -0x1.d71a31bb98d0dp-57 },
    { 0x1.1e1fafb043727p-3, -0x1.b485914dacf8cp-59 },
    { 0x1.2dcbdb2fba1ffp-3, 0x1.8f28705561534p-58 },
    { 0x1.3d6eee8c6626cp-3, 0x1.61a3b0ce9281bp-57 },
    { 0x1.4d087a9da4f17p-3, 0x1.1f323f1adf158p-57 },
    { 0x1.5c9811e3ec26ap-3, -0x1.054ab2c010f3dp-58 },
    { 0x1.6c1d4898933d9p-3, -0x1.2954a7603c427p-58 },
    { 0x1.7b97b4bce5b02p-3, 0x1.347b0b4f881cap-58 },
    { 0x1.8b06ee2879c29p-3, -0x1.118cd30308c4fp-57 },
    { 0x1.9a6a8e96c8626p-3, 0x1.cf601e7b4348ep-59 },
    { 0x1.a9c231b403279p-3, 0x1.0e8bbe89cca85p-57 },
    { 0x1.b90d7529260a2p-3, 0x1.17b10d2e0e5abp-61 },
    { 0x1.c84bf8a742e6ep-3, -0x1.95bdd0682ea26p-58 },
    { 0x1.d77d5df205736p-3, 0x1.c648d1534597ep-57 },
    { 0x1.e6a148e96ec4dp-3, 0x1.866b22029f765p-57 },
    { 0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57 },
    { 0x1.025fa510665b6p-2, -0x1.672df6832fa48p-56 },
    { 0x1.09dc597d86362p-2, 0x1.62e47390cb865p-56 },
    { 0x1.1151a362431cap-2, -0x1.4dc8dc9077b9fp-56 },
    { 0x1.18bf5a30bf178p-2, 0x1.30ca4748b1bf9p-57 },
    { 0x1.2025567e47c96p-2, -0x1.1832328f4290ep-57 },
    { 0x1.278372057ef46p-2, -0x1.077cdd36dfc81p-56 },
    { 0x1.2ed987a823cfep-2, 0x1.b91258ea012cap-57 },
    { 0x1.362773707ebccp-2, -0x1.963a544b672d8p-57 },
    { 0x1.3d6d129271134p-2, 0x1.137ca41cc958ap-56 },
    { 0x1.44aa436c2af0ap-2, -0x1.5d5e43c55b3bap-56 },
    { 0x1.4bdee586890e7p-2, -0x1.e4dc77c22a757p-57 },
    { 0x1.530ad9951cd4ap-2, -0x1.2566480884082p-57 },
    { 0x1.5a2e0175e0f4ep-2, 0x1.13b7a8f82e457p-56 },
    { 0x1.614840309cfe2p-2, -0x1.a725715711f00p-56 },
    { 0x1.685979f5fa6fep-2, -0x1.257814d1ada9cp-59 },
    { 0x1.6f61941e4def1p-2, -0x1.c63aae6f6e918p-56 },
    { 0x1.7660752817502p-2, -0x1.dd11791cc7600p-59 },
    { 0x1.7d5604b63b3f7p-2, 0x1.69c885c2b249ap-56 },
    { 0x1.84422b8df95d7p-2, 0x1.d76a0299b41b6p-56 },
    { 0x1.8b24d394a1b25p-2, 0x1.b6d0ba3748fa8p-56 },
    { 0x1.91fde7cd0c662p-2, 0x1.1074188054b53p-56 },
    { 0x1.98cd5454d6b18p-2, 0x1.9e6c988fd0a77p-56 },
    { 0x1.9f93066168002p-2, -0x1.c827047c9439ap-56 },
    { 0x1.a64eec3cc23fdp-2, -0x1.24dec1b50b7ffp-56 },
    { 0x1.ad00f5422058bp-2, 0x1.fc4c33891d2e8p-56 },
    { 0x1.b3a911da65c6cp-2, 0x1.ae187b1ca5040p-56 },
    { 0x1.ba473378624a5p-2, 0x1.519a1b46e4affp-56 },
    { 0x1.c0db4c94ec9f0p-2, -0x1.cc1ce70934c34p-56 },
    { 0x1.c76550aad71f9p-2, -0x1.74b8bff7043e4p-56 },
    { 0x1.cde53432c1351p-2, -0x1.a2cfa4418f1adp-56 },
    { 0x1.d45aec9ec862bp-2, 0x1.89421163ef92dp-57 },
    { 0x1.dac670561bb4fp-2, 0x1.a2b7f222f65e2p-56 },
    { 0x1.e127b6b0744b0p-2, -0x1.2b0986398d4abp-58 },
    { 0x1.e77eb7f175a34p-2, 0x1.0e53dc1bf3435p-56 },
    { 0x1.edcb6d43f8435p-2, -0x1.fc976330884e4p-58 },
    { 0x1.f40dd0b541418p-2, -0x1.a3992dc382a23p-57 },
    { 0x1.fa45dd3029259p-2, -0x1.ca563dc28d8b5p-56 },
    { 0x1.0039c73c1a40cp-1, -0x1.b32c949c9d593p-55 },
    { 0x1.034b709250488p-1, 0x1.8f9b38d855410p-56 },
    { 0x1.0657e94db30d0p-1, -0x1.d5b495f6349e6p-56 },
    { 0x1.095f30861a590p-1, -0x1.121b20a15a9f3p-56 },
    { 0x1.0c6145b5b43dap-1, 0x1.974fa13b5404fp-58 },
    { 0x1.0f5e28b67e295p-1, 0x1.311b17ec990d0p-65 },
    { 0x1.1255d9bfbd2a9p-1, -0x1.2bdaee1c0ee35p-58 },
    { 0x1.154859637646ap-1, -0x1.4ba7c548bf3c3p-55 },
    { 0x1.1835a88be7c13p-1, 0x1.c621cec00c301p-55 },
    { 0x1.1b1dc87904285p-1, -0x1.21e8c8aef8f29p-57 },
    { 0x1.1e00babdefeb4p-1, -0x1.928df287a668fp-58 },
    { 0x1.20de813e823b2p-1, -0x1.791d753ebb744p-55 },
    { 0x1.23b71e2cc9e6ap-1, 0x1.c421c9f38224ep-57 },
    { 0x1.268a940696da6p-1, 0x1.d1348a04c73ccp-58 },
    { 0x1.2958e59308e31p-1, -0x1.09e73b0c6c087p-56 },
    { 0x1.2c2215e024466p-1, -0x1.4b810da3a4be1p-59 },
    { 0x1.2ee628406cbcap-1, 0x1.c5d5e9ff0cf8dp-55 },
    { 0x1.31a52048874bep-1, 0x1.40cab87a7ac24p-55 },
    { 0x1.345f01cce37bbp-1, 0x1.1021137c71102p-55 },
    { 0x1.3713d0df6c504p-1, -0x1.4f789e031606dp-58 },
    { 0x1.39c391cd4171ap-1, -0x1.2304331d8bf46p-55 },
    { 0x1.3c6e491c78dc5p-1, -0x1.e145094fd0ba7p-55 },
    { 0x1.3f13fb89e96f4p-1, 0x1.ecf8b492644f0p-56 },
    { 0x1.41b4ae06fea41p-1, 0x1.3d60a53277652p-57 },
    { 0x1.445065b795b56p-1, -0x1.f76d0163f79c8p-56 },
    { 0x1.46e727efe4716p-1, -0x1.39b9b1b844cc9p-57 },
    { 0x1.4978fa3269ee1p-1, 0x1.2419a87f2a458p-56 },
    { 0x1.4c05e22de94e5p-1, -0x1.c0ac1f09f2edfp-55 },
    { 0x1.4e8de5bb6ec04p-1, 0x1.4a33dbeb3796cp-55 },
    { 0x1.51110adc5ed81p-1, 0x1.23dcd6832a63ep-56 },
    { 0x1.538f57b89061fp-1, -0x1.1bb74abda520cp-55 },
    { 0x1.5608d29c70c34p-1, 0x1.9939cf0de8088p-55 },
    { 0x1.587d81f732fbbp-1, -0x1.5e5c9d8c5a950p-56 },
    { 0x1.5aed6c5909517p-1, 0x1.7312f714a9436p-55 },
    { 0x1.5d58987169b18p-1, 0x1.0028e4bc5e7cap-57 },
    { 0x1.5fbf0d0d5cc4ap-1, -0x1.b4cfd000b7158p-58 },
    { 0x1.6220d115d7b8ep-1, -0x1.2b785350ee8c1p-57 },
    { 0x1.647deb8e20b90p-1, -0x1.eca04023a51cfp-58 },
    { 0x1.66d663923e087p-1, -0x1.6ea6febe8bbbap-56 },
    { 0x1.692a40556fb6ap-1, 0x1.d94b95a8ea2ccp-55 },
    { 0x1.6b798920b3d99p-1, -0x1.a80386188c50ep-55 },
    { 0x1.6dc44551553afp-1, -0x1.bf8863573828ep-58 },
    { 0x1.700a7c5784634p-1, -0x1.8c34d25aadef6p-56 },
    { 0x1.724c35b4fae7bp-1, 0x1.948b32db3499bp-58 },
    { 0x1.748978fba8e0fp-1, 0x1.7b2a6165884a1p-59 },
    { 0x1.76c24dcc6c6c0p-1, 0x1.1952551adc83dp-55 },
    { 0x1.78f6bbd5d315ep-1, 0x1.406a089803740p-55 },
    { 0x1.7b26cad2e50fep-1, -0x1.ce80df30411fbp-55 },
    { 0x1.7d528289fa093p-1, 0x1.560821e2f3aa9p-55 },
    { 0x1.7f79eacb97898p-1, 0x1.fd5ca80ead221p-55 },
    { 0x1.819d0b7158a4dp-1, -0x1.bf76229d3b917p-56 },
    { 0x1.83bbec5cdee22p-1, 0x1.3107104ffc6c3p-57 },
    { 0x1.85d69576cc2c5p-1, 0x1.6b66e7fc8b8c3p-57 },
    { 0x1.87ed0eadc5a2ap-1, 0x1.0af5ad957f4bcp-56 },
    { 0x1.89ff5ff57f1f8p-1, -0x1.55b9a5e177a1bp-55 },
    { 0x1.8c0d9145cf49dp-1, 0x1.bea4076dc4333p-55 },
    { 0x1.8e17aa99cc05ep-1, -0x1.ec182ab042f61p-56 },
    { 0x1.901db3eeef187p-1, 0x1.68665e5603c8fp-55 },
    { 0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55 },
};

#endif
